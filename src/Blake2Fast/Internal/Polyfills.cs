#if !NET5_0_OR_GREATER
namespace System.Runtime.CompilerServices
{
    internal static class IsExternalInit { }
}
#endif
#if NETSTANDARD2_0
namespace System.Diagnostics.CodeAnalysis
{
    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    internal sealed class DoesNotReturnAttribute : Attribute { }
}
#endif
#if !NET7_0_OR_GREATER
namespace System.Diagnostics.CodeAnalysis
{
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Parameter, Inherited = false)]
    internal sealed class UnscopedRefAttribute : Attribute { }
}
#endif

namespace Blake2Fast.Internal
{
    /// <summary>JIT requests that differ by target.</summary>
    internal static class Jit
    {
#if NETSTANDARD2_0
        // .NET Framework has no tiered compilation: every method is fully optimized anyway.
        public const System.Runtime.CompilerServices.MethodImplOptions Optimize = 0;
#elif NETSTANDARD2_1
        public const System.Runtime.CompilerServices.MethodImplOptions Optimize = (System.Runtime.CompilerServices.MethodImplOptions)512; // AggressiveOptimization
#else
        public const System.Runtime.CompilerServices.MethodImplOptions Optimize = System.Runtime.CompilerServices.MethodImplOptions.AggressiveOptimization;
#endif
    }
}
