using System;

namespace Blake2Fast.Interop;

/// <summary>
/// What the stream helpers need of an extendable-output state. The public XOF state structs implement it; called
/// through a constrained generic, their methods run without boxing.
/// </summary>
internal interface IXofState : IUpdatable
{
    void Read(Span<byte> output);
}
