using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;

namespace Blake2Fast.Tests;

/// <summary>
/// Layers point one way: public classes -> states -> engines -> kernels. This reads the compiled library's IL, so
/// what is checked is what runs: no method of a type in the lower layers (the namespaces below) references a member
/// or a type of the public surface, and no field of theirs holds one. A source scan would miss generated code and
/// <c>using</c> aliases; <c>nameof</c>, which leaves no reference behind, stays allowed (it is how lower layers name
/// public types in their messages).
/// </summary>
public class LayeringTests
{
    private static readonly string[] LowerLayers =
    [
        "Blake2Fast.State", "Blake2Fast.Dispatch", "Blake2Fast.Simd", "Blake2Fast.Families",
    ];

    /// <summary>
    /// Public types the lower layers may use: values the public layer hands down, which hold data and call nothing
    /// above them.
    /// </summary>
    private static readonly Type[] HandedDown =
    [
        typeof(Blake2Parameters), // the parameter block: validated at the public edge, read by the states
        typeof(BaoVerificationException), // what Bao's decoding layers throw: a message and a position, nothing more
    ];

    [Fact]
    public void NoLowerLayerReferencesThePublicSurface()
    {
        var edges = UpwardEdges(typeof(Blake2b).Assembly)
            .Select(e => $"{e.From}.{e.Member} -> {e.To}")
            .Distinct()
            .OrderBy(e => e, StringComparer.Ordinal)
            .ToList();
        Assert.True(edges.Count == 0, "Lower layers reference the public surface:\n" + string.Join("\n", edges));
    }

    [Fact]
    public void TheToolSeesOnlyThePublicApi()
    {
        // b2fsum uses the library as any user would: its internals are open to the tests and benchmarks alone.
        string[] friends = typeof(Blake2b).Assembly.GetCustomAttributes<System.Runtime.CompilerServices.InternalsVisibleToAttribute>()
            .Select(a => a.AssemblyName).ToArray();
        Assert.NotEmpty(friends);
        Assert.All(friends, name => Assert.True(name.StartsWith("Blake2Fast.Tests", StringComparison.Ordinal) || name == "Blake2Fast.Benchmarks", name));
    }

    [Fact]
    public void TheScanSeesAReferenceWhereThereIsOne()
    {
        // The check must be able to fail: this test type's own IL references Blake2b, so scanning it finds the edge.
        var found = ReferencedTypes(typeof(LayeringTests).GetMethod(nameof(Probe), BindingFlags.NonPublic | BindingFlags.Static)!)
            .ToList();
        Assert.Contains(typeof(Blake2b), found);
        Assert.Contains(typeof(Blake2sHashState), found);
    }

    private static int Probe() => Blake2b.ComputeHash([1]).Length + default(Blake2sHashState).DigestLength;

    private static IEnumerable<(string From, string Member, string To)> UpwardEdges(Assembly library)
    {
        foreach (Type type in library.GetTypes())
        {
            string? ns = type.Namespace;
            if (ns is null || !LowerLayers.Any(l => ns == l || ns.StartsWith(l + ".", StringComparison.Ordinal)))
                continue;
            const BindingFlags All = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            string from = (type.IsNested ? type.DeclaringType!.FullName : type.FullName)!.Split('`')[0];
            foreach (FieldInfo field in type.GetFields(All))
                foreach (Type used in Expand(field.FieldType).Where(t => IsPublicSurface(t, library)))
                    yield return (from, field.Name, Name(used));
            foreach (MethodBase method in type.GetMethods(All).Cast<MethodBase>().Concat(type.GetConstructors(All)))
                foreach (Type used in ReferencedTypes(method).Where(t => IsPublicSurface(t, library)))
                    yield return (from, method.Name, Name(used));
        }
    }

    private static string Name(Type type) => type.FullName?.Split('`')[0] ?? type.Name;

    private static bool IsPublicSurface(Type type, Assembly library) =>
        !type.IsGenericParameter && !type.HasElementType && type.Assembly == library && type.IsVisible && !HandedDown.Contains(type);

    /// <summary>The type and every type it is built from (element types, generic arguments, declaring types).</summary>
    private static IEnumerable<Type> Expand(Type type)
    {
        yield return type;
        if (type.HasElementType)
            foreach (Type t in Expand(type.GetElementType()!))
                yield return t;
        if (type.IsGenericType)
            foreach (Type t in type.GetGenericArguments().SelectMany(Expand))
                yield return t;
        if (type.IsNested && !type.IsGenericParameter)
            foreach (Type t in Expand(type.DeclaringType!))
                yield return t;
    }

    /// <summary>Every type a method's IL names: the declaring types of the members it calls or reads, and its type tokens.</summary>
    private static IEnumerable<Type> ReferencedTypes(MethodBase method)
    {
        byte[]? il = method.GetMethodBody()?.GetILAsByteArray();
        if (il is null)
            yield break;
        Type[] typeArgs = method.DeclaringType!.IsGenericType ? method.DeclaringType.GetGenericArguments() : [];
        Type[] methodArgs = method.IsGenericMethod ? method.GetGenericArguments() : [];
        Module module = method.Module;
        int i = 0;
        while (i < il.Length)
        {
            OpCode op = il[i] == 0xFE ? TwoByte[il[i + 1]] : OneByte[il[i]];
            i += op.Size;
            switch (op.OperandType)
            {
                case OperandType.InlineMethod or OperandType.InlineField or OperandType.InlineType or OperandType.InlineTok:
                    MemberInfo? member = module.ResolveMember(BitConverter.ToInt32(il, i), typeArgs, methodArgs);
                    var types = member switch
                    {
                        Type t => Expand(t),
                        MethodInfo m => Expand(m.DeclaringType!).Concat(m.IsGenericMethod ? m.GetGenericArguments().SelectMany(Expand) : []),
                        MemberInfo m when m.DeclaringType is { } d => Expand(d),
                        _ => [],
                    };
                    foreach (Type t in types)
                        yield return t;
                    i += 4;
                    break;
                case OperandType.InlineSwitch:
                    i += 4 + 4 * BitConverter.ToInt32(il, i);
                    break;
                default:
                    i += OperandSize(op.OperandType);
                    break;
            }
        }
    }

    private static int OperandSize(OperandType operand) => operand switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        _ => 4,
    };

    private static readonly OpCode[] OneByte = new OpCode[256];
    private static readonly OpCode[] TwoByte = new OpCode[256];

    static LayeringTests()
    {
        foreach (FieldInfo field in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            var op = (OpCode)field.GetValue(null)!;
            if (op.Size == 1)
                OneByte[(byte)op.Value] = op;
            else
                TwoByte[(byte)(op.Value & 0xFF)] = op;
        }
    }
}
