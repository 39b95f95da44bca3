using System;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Blake2Fast.Generators.Surface;

/// <summary>
/// One algorithm's declaration as read from its <c>[HashSurface]</c> attribute: plain strings and numbers only, so
/// the incremental pipeline can compare it with the last run's and skip the emit when nothing changed.
/// </summary>
internal sealed class SurfaceModel : IEquatable<SurfaceModel>
{
    public string Namespace = "";
    public string ClassName = "";
    public string Name = "";
    public string StateName = "";
    /// <summary>The fully qualified engine state the wrapper holds in its <c>Inner</c> field; empty when the state is hand-written.</summary>
    public string Inner = "";
    /// <summary>
    /// For an engine state of the form <c>Blake2State&lt;T, TEngine, TStorage&gt;</c>, its <c>TEngine</c>: the simple
    /// one-shot overloads call the engine's <c>Hash</c> themselves (one forwarding frame fewer for a process's first
    /// hash to compile). Empty otherwise.
    /// </summary>
    public string Engine = "";
    /// <summary>The type of the hand-written <c>InstructionSet</c> property, the one place the surface names the instruction set choice.</summary>
    public string InstructionSetType = "";
    public int DigestLength;
    public int MinDigestLength = 1;
    public int MaxDigestLength;
    public int MaxKeyLength;
    public bool ParameterBlock;
    public int StateSize;
    public bool Xof;
    public long MaxOutputLength;
    /// <summary>Keys of exactly <see cref="MaxKeyLength"/> bytes only (BLAKE3).</summary>
    public bool ExactKeyLength;
    /// <summary>The <c>InstructionSets</c> member the generated <c>InstructionSet</c> property returns; empty when the class writes its own.</summary>
    public string InstructionSet = "";

    /// <summary>Where a state reads its instruction set: the registry (Cores), never the public class above it.</summary>
    public string InstructionSetChoice => $"global::Blake2Fast.Dispatch.InstructionSets.{InstructionSet}";
    /// <summary>The fully qualified many-message engine behind <c>ComputeAndWriteHashes</c>; empty for none.</summary>
    public string Many = "";
    /// <summary>The <c>InstructionSets</c> member naming the lane kernel of <see cref="Many"/>.</summary>
    public string ManyInstructionSet = "";
    /// <summary>A fixed-size salt (BLAKE-256/224): the "key" switch of the overloads then takes the salt.</summary>
    public int SaltLength;
    /// <summary>The original 3.0 development's keyed <c>HashData(key, source)</c> with arrays: those shapes are refused (see the attribute).</summary>
    public bool OriginalKeyedHashData;

    /// <summary>Whether the digest length is the caller's choice (BLAKE2) or fixed (BLAKE-256): fixed omits the digestLength overloads.</summary>
    public bool VariableLength => MinDigestLength < MaxDigestLength;

    public bool Keyed => MaxKeyLength > 0;

    public bool Salted => SaltLength > 0;

    /// <summary>The state is <see cref="StateEmitter"/>'s (BLAKE2b/s/bp/sp): its one-shot <c>Hash</c> validates once and checks the output itself.</summary>
    public bool Blake2State => Inner.Length > 0 && !Xof && !Salted;

    public string LengthRange => $"{MinDigestLength}..{MaxDigestLength}";

    public static SurfaceModel Read(GeneratorAttributeSyntaxContext context)
    {
        var type = (INamedTypeSymbol)context.TargetSymbol;
        var model = new SurfaceModel
        {
            Namespace = type.ContainingNamespace.ToDisplayString(),
            ClassName = type.Name,
            StateName = type.Name + "HashState",
        };
        foreach (var argument in context.Attributes[0].NamedArguments)
        {
            TypedConstant value = argument.Value;
            switch (argument.Key)
            {
                case "Name": model.Name = (string?)value.Value ?? ""; break;
                case "DigestLength": model.DigestLength = (int)value.Value!; break;
                case "MinDigestLength": model.MinDigestLength = (int)value.Value!; break;
                case "MaxDigestLength": model.MaxDigestLength = (int)value.Value!; break;
                case "MaxKeyLength": model.MaxKeyLength = (int)value.Value!; break;
                case "ParameterBlock": model.ParameterBlock = (bool)value.Value!; break;
                case "StateSize": model.StateSize = (int)value.Value!; break;
                case "Xof": model.Xof = (bool)value.Value!; break;
                case "MaxOutputLength": model.MaxOutputLength = (long)value.Value!; break;
                case "ExactKeyLength": model.ExactKeyLength = (bool)value.Value!; break;
                case "SaltLength": model.SaltLength = (int)value.Value!; break;
                case "OriginalKeyedHashData": model.OriginalKeyedHashData = (bool)value.Value!; break;
                case "InstructionSet": model.InstructionSet = (string?)value.Value ?? ""; break;
                case "ManyInstructionSet": model.ManyInstructionSet = (string?)value.Value ?? ""; break;
                case "Many":
                    if (value.Value is ITypeSymbol many)
                        model.Many = many.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                    break;
                case "Inner":
                    if (value.Value is ITypeSymbol inner)
                    {
                        model.Inner = inner.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                        if (inner is INamedTypeSymbol { Name: "Blake2State", TypeArguments.Length: 3 } state)
                            model.Engine = state.TypeArguments[1].ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                    }
                    break;
            }
        }
        foreach (ISymbol member in type.GetMembers("InstructionSet"))
        {
            if (member is IPropertySymbol { IsStatic: true } instructionSet)
                model.InstructionSetType = instructionSet.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        }
        if (model.InstructionSet.Length > 0)
            model.InstructionSetType = "global::Blake2Fast.Dispatch.InstructionSet";
        if (model.MaxDigestLength == 0)
            model.MaxDigestLength = model.DigestLength;
        if (model.Name.Length == 0)
            model.Name = type.Name;
        return model;
    }

    private object[] Fields() => new object[]
    {
        Namespace, ClassName, Name, StateName, Inner, Engine, InstructionSetType, DigestLength, MinDigestLength, MaxDigestLength, MaxKeyLength, ParameterBlock, StateSize, Xof, MaxOutputLength,
        ExactKeyLength, SaltLength, OriginalKeyedHashData, InstructionSet, Many, ManyInstructionSet,
    };

    public bool Equals(SurfaceModel? other) => other is not null && Fields().SequenceEqual(other.Fields());

    public override bool Equals(object? obj) => Equals(obj as SurfaceModel);

    public override int GetHashCode() => Fields().Aggregate(17, (h, f) => unchecked(h * 31 + f.GetHashCode()));
}
