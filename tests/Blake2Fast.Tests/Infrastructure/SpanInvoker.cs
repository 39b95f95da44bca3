using System;
using System.IO;
using System.Reflection;
using System.Reflection.Emit;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests.Infrastructure;

/// <summary>
/// Calls a public method found by reflection even when it takes spans, which <see cref="MethodInfo.Invoke(object, object[])"/>
/// cannot pass: a small dynamic method converts each <c>byte[]</c> argument to the parameter's span or memory type with
/// that type's own implicit conversion, as C# does at a call site, so the method sees exactly what a caller's code gives it
/// (a null array becomes the default span). Exceptions come out unwrapped.
/// </summary>
internal static class SpanInvoker
{
    /// <summary>
    /// A delegate taking one argument per parameter: <c>byte[]</c> (or null) for span and memory parameters, boxed values
    /// for the rest; <c>out</c> parameters are ignored (pass null). Returns the result boxed, or null for <c>void</c>.
    /// </summary>
    public static Func<object?[], object?> Compile(MethodInfo method)
    {
        if (!method.IsStatic)
            throw new ArgumentException($"{method} is an instance method; only static ones are supported.", nameof(method));
        var dynamicMethod = new DynamicMethod("call_" + method.Name, typeof(object), new[] { typeof(object?[]) }, typeof(SpanInvoker).Module, skipVisibility: true);
        ILGenerator il = dynamicMethod.GetILGenerator();
        ParameterInfo[] parameters = method.GetParameters();
        for (int i = 0; i < parameters.Length; i++)
        {
            Type type = parameters[i].ParameterType;
            if (type.IsByRef)
            {
                il.Emit(OpCodes.Ldloca, il.DeclareLocal(type.GetElementType()!));
                continue;
            }
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldc_I4, i);
            il.Emit(OpCodes.Ldelem_Ref);
            MethodInfo? fromArray = IsBytes(type) ? type.GetMethod("op_Implicit", new[] { typeof(byte[]) }) : null;
            if (fromArray is not null)
            {
                il.Emit(OpCodes.Castclass, typeof(byte[]));
                il.Emit(OpCodes.Call, fromArray);
            }
            else if (type == typeof(int) || type == typeof(long) || type == typeof(bool) || type == typeof(CancellationToken) || type == typeof(Stream))
                il.Emit(OpCodes.Unbox_Any, type);
            else
                throw new NotSupportedException($"{method}: no argument for parameter '{parameters[i].Name}' of type {type}.");
        }
        il.Emit(OpCodes.Call, method);
        if (method.ReturnType == typeof(void))
            il.Emit(OpCodes.Ldnull);
        else if (method.ReturnType.IsValueType)
            il.Emit(OpCodes.Box, method.ReturnType);
        il.Emit(OpCodes.Ret);
        return (Func<object?[], object?>)dynamicMethod.CreateDelegate(typeof(Func<object?[], object?>));
    }

    private static bool IsBytes(Type type) =>
        type == typeof(ReadOnlySpan<byte>) || type == typeof(Span<byte>) || type == typeof(ReadOnlyMemory<byte>) || type == typeof(Memory<byte>);

    /// <summary>Waits for a returned <see cref="Task"/> or <c>ValueTask</c>, so its exceptions surface; returns its result.</summary>
    public static object? Complete(object? result)
    {
        if (result?.GetType().GetMethod("AsTask", Type.EmptyTypes) is { } asTask)
            result = asTask.Invoke(result, null);
        if (result is Task task)
        {
            task.GetAwaiter().GetResult();
            return task.GetType().GetProperty("Result")?.GetValue(task);
        }
        return result;
    }

    /// <summary>"Blake2b.Keyed.HashData(ReadOnlySpan&lt;Byte&gt;, Stream)": the method as a reader finds it.</summary>
    public static string Describe(MethodInfo method)
    {
        static string TypeName(Type t) =>
            t.IsByRef ? "out " + TypeName(t.GetElementType()!)
            : t.IsGenericType ? $"{t.Name.Substring(0, t.Name.IndexOf('`'))}<{string.Join(", ", Array.ConvertAll(t.GetGenericArguments(), TypeName))}>"
            : t.Name;
        string owner = method.DeclaringType!.IsNested ? $"{method.DeclaringType.DeclaringType!.Name}.{method.DeclaringType.Name}" : method.DeclaringType.Name;
        return $"{owner}.{method.Name}({string.Join(", ", Array.ConvertAll(method.GetParameters(), p => TypeName(p.ParameterType)))})";
    }
}
