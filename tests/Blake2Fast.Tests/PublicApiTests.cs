using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;

namespace Blake2Fast.Tests;

/// <summary>
/// Every public type and member of the library, with its signature, against a committed listing: a change to the
/// public surface (a dropped overload, a renamed parameter, a changed default) fails here with a diff, so it is made
/// on purpose. The netstandard2.0 build has its own listing (it lacks the members that need newer runtimes).
/// </summary>
public class PublicApiTests
{
#if LIBRARY_NETSTANDARD
    private const string ListingName = "PublicApi.netstandard2.0.txt";
#else
    private const string ListingName = "PublicApi.txt";
#endif

    [Fact]
    public void ThePublicApiIsExactlyTheCommittedListing()
    {
        string[] actual = Listing(typeof(Blake2b).Assembly).ToArray();
        string path = Path.Combine(AppContext.BaseDirectory, "TestData", ListingName);
        string[] expected = File.ReadAllLines(path).Where(l => l.Length > 0).ToArray();
        if (actual.SequenceEqual(expected))
            return;

        // Written next to the test binaries so an intended change is one copy away.
        string actualPath = Path.Combine(AppContext.BaseDirectory, ListingName + ".actual");
        File.WriteAllLines(actualPath, actual);
        var removed = expected.Except(actual).Select(l => "- " + l);
        var added = actual.Except(expected).Select(l => "+ " + l);
        Assert.Fail($"The public API differs from TestData/{ListingName} (the full listing is in {actualPath}):\n"
            + string.Join("\n", removed.Concat(added)));
    }

    [Fact]
    public void TheListingSeesSignatureDetails()
    {
        // Guards the formatter itself: a listing that dropped parameter names or defaults would hide changes.
        string[] listing = Listing(typeof(Blake2b).Assembly).ToArray();
        Assert.Contains("  public const int DefaultDigestLength = 64", listing);
        Assert.Contains(listing, l => l.Contains("Blake2bHashState.SaveState(Span<byte> destination, bool includeKeyedState = False)", StringComparison.Ordinal)
            || l.Contains("int SaveState(Span<byte> destination, bool includeKeyedState = False)", StringComparison.Ordinal));
        Assert.Contains(listing, l => l.Contains("ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input)", StringComparison.Ordinal));
    }

    internal static IEnumerable<string> Listing(Assembly assembly)
    {
        foreach (Type type in assembly.GetExportedTypes().OrderBy(t => t.FullName, StringComparer.Ordinal))
        {
            yield return TypeHeader(type);
            var members = new List<string>();
            const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            foreach (MemberInfo member in type.GetMembers(all))
            {
                string? line = Member(member);
                if (line is not null)
                    members.Add("  " + line);
            }
            members.Sort(StringComparer.Ordinal);
            foreach (string line in members)
                yield return line;
        }
    }

    private static string TypeHeader(Type type)
    {
        string kind = type.IsEnum ? "enum" : type.IsValueType ? "struct" : type.IsInterface ? "interface"
            : type.IsAbstract && type.IsSealed ? "static class" : type.IsAbstract ? "abstract class" : type.IsSealed ? "sealed class" : "class";
        var bases = new List<string>();
        if (type.BaseType is { } b && b != typeof(object) && b != typeof(ValueType) && b != typeof(Enum))
            bases.Add(Name(b));
        bases.AddRange(type.GetInterfaces().Where(i => i.IsPublic || i.IsNestedPublic).Select(Name).OrderBy(n => n, StringComparer.Ordinal));
        return $"{kind} {type.Namespace}.{Name(type)}" + (bases.Count > 0 ? " : " + string.Join(", ", bases) : "");
    }

    private static bool Visible(MethodBase? m) => m is not null && (m.IsPublic || m.IsFamily || m.IsFamilyOrAssembly);

    private static string Access(MethodBase m) => m.IsPublic ? "public" : "protected";

    private static string? Member(MemberInfo member)
    {
        switch (member)
        {
            case ConstructorInfo c when Visible(c):
                return $"{Access(c)} {(c.IsStatic ? "static " : "")}.ctor({Parameters(c)})";
            case MethodInfo m when Visible(m) && !m.IsSpecialName:
                string generic = m.IsGenericMethod ? "<" + string.Join(", ", m.GetGenericArguments().Select(Constrained)) + ">" : "";
                return $"{Access(m)} {Modifiers(m)}{Name(m.ReturnType)} {m.Name}{generic}({Parameters(m)})";
            case PropertyInfo p when Visible(p.GetMethod) || Visible(p.SetMethod):
                MethodBase accessor = (p.GetMethod is { } g && Visible(g) ? g : p.SetMethod)!;
                string accessors = (Visible(p.GetMethod) ? (IsReadOnly(p.GetMethod!) ? "readonly get; " : "get; ") : "")
                    + (Visible(p.SetMethod) ? "set; " : "");
                string indexer = p.GetIndexParameters().Length > 0 ? "[" + Parameters(p.GetIndexParameters()) + "]" : "";
                return $"{Access(accessor)} {Modifiers(accessor)}{Name(p.PropertyType)} {p.Name}{indexer} {{ {accessors}}}";
            case FieldInfo f when f.IsPublic || f.IsFamily:
                if (f.IsLiteral)
                    return f.DeclaringType!.IsEnum
                        ? $"{f.Name} = {Convert.ToInt64(f.GetRawConstantValue(), System.Globalization.CultureInfo.InvariantCulture)}"
                        : $"public const {Name(f.FieldType)} {f.Name} = {f.GetRawConstantValue()}";
                return $"{(f.IsPublic ? "public" : "protected")} {(f.IsStatic ? "static " : "")}{(f.IsInitOnly ? "readonly " : "")}{Name(f.FieldType)} {f.Name}";
            case EventInfo e when Visible(e.AddMethod):
                return $"public event {Name(e.EventHandlerType!)} {e.Name}";
            case Type nested when nested.IsNestedPublic:
                return $"nested {Name(nested)}";
            default:
                return null;
        }
    }

    private static string Modifiers(MethodBase m)
    {
        var sb = new StringBuilder();
        if (m.IsStatic) sb.Append("static ");
        if (m is MethodInfo mi && mi.GetBaseDefinition() != mi) sb.Append("override ");
        else if (m.IsAbstract) sb.Append("abstract ");
        else if (m.IsVirtual && !m.IsFinal) sb.Append("virtual ");
        if (IsReadOnly(m) && m is MethodInfo { IsSpecialName: false }) sb.Append("readonly ");
        return sb.ToString();
    }

    private static bool IsReadOnly(MethodBase m) =>
        m.GetCustomAttributesData().Any(a => a.AttributeType.FullName == "System.Runtime.CompilerServices.IsReadOnlyAttribute");

    private static string Constrained(Type t)
    {
        var constraints = new List<string>();
        if ((t.GenericParameterAttributes & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0)
            constraints.Add(t.CustomAttributes.Any(a => a.AttributeType.Name == "IsUnmanagedAttribute") ? "unmanaged" : "struct");
        constraints.AddRange(t.GetGenericParameterConstraints().Where(c => c != typeof(ValueType)).Select(Name));
        return constraints.Count == 0 ? t.Name : $"{t.Name} : {string.Join(", ", constraints)}";
    }

    private static string Parameters(MethodBase m) => Parameters(m.GetParameters());

    private static string Parameters(ParameterInfo[] parameters) => string.Join(", ", parameters.Select(p =>
    {
        Type type = p.ParameterType;
        string prefix = "";
        if (type.IsByRef)
        {
            type = type.GetElementType()!;
            prefix = p.IsOut ? "out " : p.IsIn ? "in " : "ref ";
        }
        if (p.GetCustomAttributesData().Any(a => a.AttributeType == typeof(ParamArrayAttribute)))
            prefix = "params ";
        string text = $"{prefix}{Name(type)} {p.Name}";
        if (p.HasDefaultValue)
            text += " = " + (p.DefaultValue is null ? (type.IsValueType ? "default" : "null") : p.DefaultValue.ToString());
        return text;
    }));

    private static readonly Dictionary<Type, string> Keywords = new()
    {
        [typeof(void)] = "void", [typeof(bool)] = "bool", [typeof(byte)] = "byte", [typeof(sbyte)] = "sbyte",
        [typeof(short)] = "short", [typeof(ushort)] = "ushort", [typeof(int)] = "int", [typeof(uint)] = "uint",
        [typeof(long)] = "long", [typeof(ulong)] = "ulong", [typeof(string)] = "string", [typeof(object)] = "object",
        [typeof(char)] = "char", [typeof(float)] = "float", [typeof(double)] = "double", [typeof(decimal)] = "decimal",
    };

    private static string Name(Type type)
    {
        if (Keywords.TryGetValue(type, out string? keyword))
            return keyword;
        if (type.IsArray)
            return Name(type.GetElementType()!) + "[" + new string(',', type.GetArrayRank() - 1) + "]";
        if (type.IsPointer)
            return Name(type.GetElementType()!) + "*";
        if (type.IsGenericParameter)
            return type.Name;
        string name = type.IsNested ? Name(type.DeclaringType!) + "." + type.Name : type.Name;
        if (!type.IsGenericType)
            return name;
        if (type.GetGenericTypeDefinition() == typeof(Nullable<>))
            return Name(type.GetGenericArguments()[0]) + "?";
        int tick = name.IndexOf('`', StringComparison.Ordinal);
        return (tick < 0 ? name : name.Substring(0, tick)) + "<" + string.Join(", ", type.GetGenericArguments().Select(Name)) + ">";
    }
}
