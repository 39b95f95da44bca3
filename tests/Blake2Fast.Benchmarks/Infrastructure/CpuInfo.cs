using System;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using System.Text;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// The CPU as CPUID names it. A hypervisor's brand string ("AMD EPYC") does not tell one generation from the next
/// (Zen 4 is family 25, Zen 5 family 26), and the cores' speed differs by generation, so every run says which.
/// </summary>
internal static class CpuInfo
{
    /// <summary>One line: vendor, family, model, stepping (decoded as the vendors' manuals say), brand string.</summary>
    public static string Describe()
    {
        if (!X86Base.IsSupported)
            return $"CPU: {RuntimeInformation.ProcessArchitecture} (no CPUID; OS architecture {RuntimeInformation.OSArchitecture})";

        (int maxLeaf, int ebx0, int ecx0, int edx0) = X86Base.CpuId(0, 0);
        Span<byte> vendorBytes = stackalloc byte[12];
        BitConverter.TryWriteBytes(vendorBytes, ebx0);
        BitConverter.TryWriteBytes(vendorBytes[4..], edx0);
        BitConverter.TryWriteBytes(vendorBytes[8..], ecx0);
        string vendor = Encoding.ASCII.GetString(vendorBytes);
        if (maxLeaf < 1)
            return $"CPUID: {vendor} (leaf 1 not available)";

        (int eax1, _, int ecx1, _) = X86Base.CpuId(1, 0);
        int stepping = eax1 & 0xF;
        int baseModel = (eax1 >> 4) & 0xF;
        int baseFamily = (eax1 >> 8) & 0xF;
        int extendedModel = (eax1 >> 16) & 0xF;
        int extendedFamily = (eax1 >> 20) & 0xFF;
        int family = baseFamily == 0xF ? baseFamily + extendedFamily : baseFamily;
        int model = baseFamily is 0x6 or 0xF ? baseModel + (extendedModel << 4) : baseModel;
        bool hypervisor = (ecx1 & (1 << 31)) != 0;

        string? generation = Generation(vendor, family, model);
        return $"CPUID: {vendor} family {family} (0x{family:X}) model {model} (0x{model:X}) stepping {stepping}" +
            (generation is null ? "" : $" ({generation})") +
            (hypervisor ? ", under a hypervisor" : "") +
            $"; brand \"{Brand()}\"; {RuntimeInformation.ProcessArchitecture}";
    }

    /// <summary>AMD's recent generations by family and model (AMD's published model ranges); null when not known here.</summary>
    private static string? Generation(string vendor, int family, int model) => vendor switch
    {
        "AuthenticAMD" when family == 0x1A => "Zen 5",
        "AuthenticAMD" when family == 0x19 && (model is >= 0x10 and <= 0x1F or >= 0x60 and <= 0x7F or >= 0xA0 and <= 0xAF) => "Zen 4",
        "AuthenticAMD" when family == 0x19 => "Zen 3",
        "AuthenticAMD" when family == 0x17 => "Zen/Zen 2",
        _ => null,
    };

    /// <summary>The brand string of leaves 0x80000002..4, or "?" when the CPU (or hypervisor) has none.</summary>
    private static string Brand()
    {
        if ((uint)X86Base.CpuId(unchecked((int)0x80000000), 0).Eax < 0x80000004)
            return "?";
        Span<byte> brand = stackalloc byte[48];
        for (int i = 0; i < 3; i++)
        {
            (int eax, int ebx, int ecx, int edx) = X86Base.CpuId(unchecked((int)0x80000002) + i, 0);
            Span<byte> part = brand.Slice(i * 16, 16);
            BitConverter.TryWriteBytes(part, eax);
            BitConverter.TryWriteBytes(part[4..], ebx);
            BitConverter.TryWriteBytes(part[8..], ecx);
            BitConverter.TryWriteBytes(part[12..], edx);
        }
        return Encoding.ASCII.GetString(brand).TrimEnd('\0').Trim();
    }
}
