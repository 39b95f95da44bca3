#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics.X86;
#endif

namespace Blake2Fast.Dispatch;

/// <summary>
/// Where the fastest kernel depends on the microarchitecture rather than the instruction set, the rule lives here,
/// keyed on CPUID (the hypervisor's brand string "AMD EPYC" does not tell one generation from the next).
/// </summary>
/// <remarks>
/// Each rule names the measurement behind it. A CPU without a rule gets the table's order (widest vectors first),
/// which is the measured order on AMD Zen 4 and on Intel Emerald Rapids (family 6 model 207: BLAKE2b AVX-512 974 MB/s,
/// scalar 732; BLAKE2s 731 and 557; b2fsum --benchmark).
/// ARM64 has no rule yet: no ARM64 machine was measured here (docs/cores.md says how to measure one, and
/// <see cref="ArmCpu"/> reads the MIDR a rule would key on).
/// </remarks>
internal static class CpuRules
{
    /// <summary>
    /// AMD family 1Ah (Zen 5): six integer ALUs, and vector rotates and shuffles of 2+ cycles, so the unrolled
    /// 64-bit scalar kernel beats every row-layout vector kernel for one BLAKE2b or BLAKE2s message (measured on
    /// an EPYC of family 26: scalar 1,246 MB/s against AVX-512 764 MB/s for BLAKE2b, 739 against 467 for
    /// BLAKE2s; issue 10). Lanes (parallel modes, many messages) still win there.
    /// </summary>
    public static readonly bool PreferScalarForOneMessage = Cpu.IsAmdFamily(0x1A);
}

/// <summary>The CPU's vendor, family, model and stepping from CPUID (x86 only; elsewhere empty).</summary>
internal readonly struct Cpu
{
    public static readonly Cpu Current = Read();

    private Cpu(string vendor, int family, int model, int stepping)
    {
        Vendor = vendor;
        Family = family;
        Model = model;
        Stepping = stepping;
    }

    /// <summary>"AuthenticAMD", "GenuineIntel", ..., or empty where CPUID is not available.</summary>
    public string Vendor { get; }
    public int Family { get; }
    public int Model { get; }
    public int Stepping { get; }
    public bool IsAmd => Vendor == "AuthenticAMD";

    /// <summary>
    /// Whether this is an AMD CPU of <paramref name="family"/>, from CPUID's registers: a rule asks at a process's
    /// first hash, where building <see cref="Current"/> (its vendor string) would cost more code to compile.
    /// </summary>
    public static bool IsAmdFamily(int family)
    {
#if NET8_0_OR_GREATER
        if (!X86Base.IsSupported)
            return false;
        (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
        // "AuthenticAMD", four characters a register (EBX, EDX, ECX), little-endian.
        return ebx == 0x68747541 && edx == 0x69746E65 && ecx == 0x444D4163 && FamilyOf(X86Base.CpuId(1, 0).Eax) == family;
#else
        return false;
#endif
    }

    // The extended field counts only where the base family says so (Intel SDM and AMD APM, CPUID 1 EAX).
    private static int FamilyOf(int signature) =>
        ((signature >> 8) & 0xF) == 0xF ? 0xF + ((signature >> 20) & 0xFF) : (signature >> 8) & 0xF;

    public override string ToString() =>
        Vendor.Length == 0 ? ArmCpu.Describe() : $"{Vendor} family {Family} (0x{Family:X}) model {Model} (0x{Model:X}) stepping {Stepping}";

    private static Cpu Read()
    {
#if NET8_0_OR_GREATER
        if (X86Base.IsSupported)
        {
            (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
            var vendor = new char[12];
            for (int i = 0; i < 4; i++)
            {
                vendor[i] = (char)((ebx >> (8 * i)) & 0xFF);
                vendor[4 + i] = (char)((edx >> (8 * i)) & 0xFF);
                vendor[8 + i] = (char)((ecx >> (8 * i)) & 0xFF);
            }
            int signature = X86Base.CpuId(1, 0).Eax;
            int baseFamily = (signature >> 8) & 0xF, baseModel = (signature >> 4) & 0xF;
            // The extended model counts only where the base family says so (Intel SDM and AMD APM, CPUID 1 EAX).
            int family = FamilyOf(signature);
            int model = baseFamily is 0x6 or 0xF ? baseModel + (((signature >> 16) & 0xF) << 4) : baseModel;
            return new Cpu(new string(vendor), family, model, signature & 0xF);
        }
#endif
        return new Cpu(string.Empty, 0, 0, 0);
    }
}

/// <summary>
/// An ARM64 CPU's identity from its MIDR (implementer, part, variant, revision), where the OS exposes it: Linux in
/// /sys (midr_el1) or /proc/cpuinfo. Read only when asked (reports, the kernel benchmark), never on a hot path.
/// </summary>
internal static class ArmCpu
{
    /// <summary>"MIDR implementer 0x41 (Arm) part 0xD0C variant 0x3 revision 0x1", or why it is unknown.</summary>
    public static string Describe()
    {
        if (System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture != System.Runtime.InteropServices.Architecture.Arm64)
            return "CPU identity not available";
        try
        {
            const string sysMidr = "/sys/devices/system/cpu/cpu0/regs/identification/midr_el1";
            if (System.IO.File.Exists(sysMidr))
            {
                ulong midr = System.Convert.ToUInt64(System.IO.File.ReadAllText(sysMidr).Trim(), 16);
                return Format((int)(midr >> 24) & 0xFF, (int)(midr >> 4) & 0xFFF, (int)(midr >> 20) & 0xF, (int)midr & 0xF);
            }
            if (System.IO.File.Exists("/proc/cpuinfo"))
            {
                int implementer = -1, part = -1, variant = 0, revision = 0;
                foreach (string line in System.IO.File.ReadLines("/proc/cpuinfo"))
                {
                    int colon = line.IndexOf(':');
                    if (colon < 0)
                        continue;
                    string field = line.Substring(0, colon).Trim(), value = line.Substring(colon + 1).Trim();
                    int number = value.StartsWith("0x", System.StringComparison.Ordinal) ? System.Convert.ToInt32(value, 16)
                        : int.TryParse(value, out int n) ? n : 0;
                    if (field == "CPU implementer" && implementer < 0) implementer = number;
                    else if (field == "CPU part" && part < 0) part = number;
                    else if (field == "CPU variant") variant = number;
                    else if (field == "CPU revision") revision = number;
                }
                if (implementer >= 0 && part >= 0)
                    return Format(implementer, part, variant, revision);
            }
        }
        catch (System.Exception e) when (e is System.IO.IOException or System.UnauthorizedAccessException or System.FormatException)
        {
            return "ARM64, MIDR unreadable: " + e.Message;
        }
        return "ARM64, MIDR not exposed by the OS";
    }

    private static string Format(int implementer, int part, int variant, int revision) =>
        $"ARM64 MIDR implementer 0x{implementer:X2} ({ImplementerName(implementer)}) part 0x{part:X3} variant 0x{variant:X} revision 0x{revision:X}";

    // The implementer codes of the Arm ARM (MIDR_EL1.Implementer) for the vendors users are likely to run.
    private static string ImplementerName(int implementer) => implementer switch
    {
        0x41 => "Arm",
        0x42 => "Broadcom",
        0x43 => "Cavium",
        0x48 => "HiSilicon",
        0x4E => "NVIDIA",
        0x51 => "Qualcomm",
        0x61 => "Apple",
        0x6D => "Microsoft",
        0xC0 => "Ampere",
        _ => "unknown",
    };
}
