using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The public methods of one algorithm (its static class, the nested classes, its state struct and, for BLAKE3, the
/// output reader) as signatures with the algorithm's own type names replaced by <c>{Hash}</c>, <c>{State}</c> and
/// <c>{Reader}</c>, so every algorithm of a contract has the same list and a driver can declare it once.
/// </summary>
internal static class Surface
{
    /// <summary>Signature -> method, for every public method and property accessor the algorithm's types declare.</summary>
    public static IReadOnlyDictionary<string, MethodInfo> Of(Type hash, Type state, Type? reader)
    {
        var names = new Dictionary<Type, string> { [hash] = "{Hash}", [state] = "{State}" };
        if (reader is not null)
            names[reader] = "{Reader}";
        var owners = new List<(Type Type, string Prefix)> { (hash, "") };
        owners.AddRange(hash.GetNestedTypes(BindingFlags.Public).Select(n => (n, n.Name + ".")));
        owners.Add((state, "State."));
        if (reader is not null)
            owners.Add((reader, "Reader."));

        var result = new Dictionary<string, MethodInfo>(StringComparer.Ordinal);
        const BindingFlags declared = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
        foreach (var (type, prefix) in owners)
        {
            foreach (MethodInfo method in type.GetMethods(declared))
            {
                // Object's overrides (Equals, GetHashCode, ToString) belong to no contract.
                if (method.GetBaseDefinition().DeclaringType != type)
                    continue;
                string signature = Describe(method, prefix, names);
                result.Add(signature, method);
            }
        }
        return result;
    }

    private static string Describe(MethodInfo method, string prefix, Dictionary<Type, string> names)
    {
        string modifier = method.IsStatic ? "static " : "";
        if (method.IsSpecialName && (method.Name.StartsWith("get_", StringComparison.Ordinal) || method.Name.StartsWith("set_", StringComparison.Ordinal)))
        {
            Type type = method.Name[0] == 'g' ? method.ReturnType : method.GetParameters()[0].ParameterType;
            return $"{modifier}{Name(type, names)} {prefix}{method.Name.Substring(4)} {{ {method.Name.Substring(0, 3)}; }}";
        }
        string generic = method.IsGenericMethodDefinition ? "<" + string.Join(", ", method.GetGenericArguments().Select(a => a.Name)) + ">" : "";
        string parameters = string.Join(", ", method.GetParameters().Select(p =>
        {
            Type type = p.ParameterType;
            string by = "";
            if (type.IsByRef)
            {
                by = p.IsOut ? "out " : p.IsIn ? "in " : "ref ";
                type = type.GetElementType()!;
            }
            return $"{by}{Name(type, names)} {p.Name}";
        }));
        return $"{modifier}{Name(method.ReturnType, names)} {prefix}{method.Name}{generic}({parameters})";
    }

    private static readonly Dictionary<Type, string> Keywords = new()
    {
        [typeof(void)] = "void", [typeof(bool)] = "bool", [typeof(byte)] = "byte", [typeof(short)] = "short",
        [typeof(ushort)] = "ushort", [typeof(int)] = "int", [typeof(uint)] = "uint", [typeof(long)] = "long",
        [typeof(ulong)] = "ulong", [typeof(string)] = "string", [typeof(char)] = "char",
    };

    private static string Name(Type type, Dictionary<Type, string> names)
    {
        if (names.TryGetValue(type, out string? own) || Keywords.TryGetValue(type, out own))
            return own;
        if (type.IsArray)
            return Name(type.GetElementType()!, names) + "[]";
        if (!type.IsGenericType)
            return type.Name;
        string name = type.Name.Substring(0, type.Name.IndexOf('`'));
        return $"{name}<{string.Join(", ", type.GetGenericArguments().Select(a => Name(a, names)))}>";
    }

    /// <summary>
    /// What a driver declares against what the types have: the declared signatures the types lack, and the public
    /// methods no driver entry names. Both empty means every public method is exercised by the driver.
    /// </summary>
    public static (string[] Undeclared, string[] Stale) Compare(IEnumerable<string> declared, IEnumerable<string> actual)
    {
        var declaredSet = new HashSet<string>(declared, StringComparer.Ordinal);
        var actualSet = new HashSet<string>(actual, StringComparer.Ordinal);
        return (actualSet.Where(s => !declaredSet.Contains(s)).OrderBy(s => s, StringComparer.Ordinal).ToArray(),
            declaredSet.Where(s => !actualSet.Contains(s)).OrderBy(s => s, StringComparer.Ordinal).ToArray());
    }
}

/// <summary>
/// Calls a method found by reflection with spans, memories, <c>in</c> and <c>out</c> arguments, which
/// <see cref="MethodInfo.Invoke(object, object[])"/> cannot pass: a dynamic method converts each array argument to the
/// parameter's span or memory type with that type's implicit conversion (as C# does at a call site), passes <c>in</c>
/// arguments by reference to their boxed value, and writes <c>out</c> values back into the argument array. An instance
/// method of a struct runs on the boxed struct itself, so a state mutated by one call is seen by the next.
/// </summary>
internal static class Invoker
{
    private static readonly Dictionary<MethodInfo, Func<object?, object?[], object?>> Compiled = new();

    public static object? Call(MethodInfo method, object? target, params object?[] arguments)
    {
        Func<object?, object?[], object?> call;
        lock (Compiled)
        {
            if (!Compiled.TryGetValue(method, out call!))
                Compiled[method] = call = Compile(method);
        }
        return call(target, arguments);
    }

    private static Func<object?, object?[], object?> Compile(MethodInfo method)
    {
        var dynamicMethod = new DynamicMethod("call_" + method.Name, typeof(object), new[] { typeof(object), typeof(object?[]) }, typeof(Invoker).Module, skipVisibility: true);
        ILGenerator il = dynamicMethod.GetILGenerator();
        if (!method.IsStatic)
        {
            il.Emit(OpCodes.Ldarg_0);
            if (method.DeclaringType!.IsValueType)
                il.Emit(OpCodes.Unbox, method.DeclaringType);
        }
        ParameterInfo[] parameters = method.GetParameters();
        var outs = new List<(int Index, LocalBuilder Local)>();
        for (int i = 0; i < parameters.Length; i++)
        {
            Type type = parameters[i].ParameterType;
            if (type.IsByRef && parameters[i].IsOut)
            {
                LocalBuilder local = il.DeclareLocal(type.GetElementType()!);
                outs.Add((i, local));
                il.Emit(OpCodes.Ldloca, local);
                continue;
            }
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Ldc_I4, i);
            il.Emit(OpCodes.Ldelem_Ref);
            if (type.IsByRef && type.GetElementType()!.IsValueType)
            {
                // An `in` argument: a reference to the value inside its box, which lives as long as the call.
                il.Emit(OpCodes.Unbox, type.GetElementType()!);
            }
            else if (type.IsByRef)
            {
                // An `in` argument of a reference type (an array): a reference to a local holding it.
                Type element = type.GetElementType()!;
                LocalBuilder local = il.DeclareLocal(element);
                il.Emit(OpCodes.Castclass, element);
                il.Emit(OpCodes.Stloc, local);
                il.Emit(OpCodes.Ldloca, local);
            }
            else if (SpanElement(type) is { } element)
            {
                Type array = element.MakeArrayType();
                il.Emit(OpCodes.Castclass, array);
                il.Emit(OpCodes.Call, type.GetMethod("op_Implicit", new[] { array })!);
            }
            else if (type.IsValueType)
                il.Emit(OpCodes.Unbox_Any, type);
            else
                il.Emit(OpCodes.Castclass, type);
        }
        il.Emit(method.IsVirtual && !method.DeclaringType!.IsValueType ? OpCodes.Callvirt : OpCodes.Call, method);
        LocalBuilder? result = null;
        if (method.ReturnType != typeof(void))
        {
            if (method.ReturnType.IsValueType)
                il.Emit(OpCodes.Box, method.ReturnType);
            result = il.DeclareLocal(typeof(object));
            il.Emit(OpCodes.Stloc, result);
        }
        foreach (var (index, local) in outs)
        {
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Ldc_I4, index);
            il.Emit(OpCodes.Ldloc, local);
            if (local.LocalType.IsValueType)
                il.Emit(OpCodes.Box, local.LocalType);
            il.Emit(OpCodes.Stelem_Ref);
        }
        if (result is null)
            il.Emit(OpCodes.Ldnull);
        else
            il.Emit(OpCodes.Ldloc, result);
        il.Emit(OpCodes.Ret);
        return (Func<object?, object?[], object?>)dynamicMethod.CreateDelegate(typeof(Func<object?, object?[], object?>));
    }

    private static Type? SpanElement(Type type)
    {
        if (!type.IsGenericType)
            return null;
        Type definition = type.GetGenericTypeDefinition();
        return definition == typeof(ReadOnlySpan<>) || definition == typeof(Span<>) || definition == typeof(ReadOnlyMemory<>) || definition == typeof(Memory<>)
            ? type.GetGenericArguments()[0]
            : null;
    }

    /// <summary>Waits for a returned task or value task, so its exceptions surface; returns its result (null for none).</summary>
    public static object? Complete(object? result)
    {
        if (result?.GetType().GetMethod("AsTask", Type.EmptyTypes) is { } asTask)
            result = asTask.Invoke(result, null);
        if (result is System.Threading.Tasks.Task task)
        {
            task.GetAwaiter().GetResult();
            PropertyInfo? value = task.GetType().GetProperty("Result");
            // A non-generic Task's runtime type may be Task<VoidTaskResult>: only a declared result counts.
            return value is not null && value.PropertyType.IsPublic ? value.GetValue(task) : null;
        }
        return result;
    }

    public static Stream StreamOf(byte[] bytes) => new MemoryStream(bytes, writable: false);
}
