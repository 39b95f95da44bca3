using Blake2Fast.Dispatch;

namespace Blake2Fast.Tests;

/// <summary>The CPU rule's quick vendor and family test (read at a first hash) against the full CPUID reading.</summary>
public class CpuIdentityTests
{
    [Fact]
    public void TheQuickAmdFamilyTestAgreesWithTheFullReading()
    {
        Cpu cpu = Cpu.Current;
        Assert.Equal(cpu.IsAmd, Cpu.IsAmdFamily(cpu.Family));
        Assert.False(Cpu.IsAmdFamily(cpu.Family + 1));
        Assert.Equal(cpu.IsAmd && cpu.Family == 0x1A, CpuRules.PreferScalarForOneMessage);
    }
}
