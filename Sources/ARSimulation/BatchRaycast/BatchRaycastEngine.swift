/// Which implementation of the batched raycast runs. All engines return identical bits.
///
/// The C kernels (SIMDe) are built where the package's `ARSIM_KERNELS` setting allows (by default
/// on Linux); elsewhere, and when they are switched off, `simd` and `baseline` run the pure-Swift
/// SIMD implementation (`swiftSIMD`). See `BatchRaycastEngine.kernelsAreBuilt`.
public enum BatchRaycastEngine: String, Sendable, Hashable, Codable, CaseIterable {
  /// The C kernels with the best instruction set for this CPU (AVX-512 on CPUs with AVX-512 F,
  /// DQ, VL and BW, Intel's and AMD's; else AVX2 on CPUs with AVX2 and FMA; else the baseline);
  /// the Swift SIMD implementation where the kernels are not built.
  case simd
  /// The C kernels' AVX-512 variant (16 lanes) where the CPU has AVX-512 F, DQ, VL and BW, on any
  /// vendor; else as `avx2`.
  case avx512
  /// The C kernels' AVX2 variant even where AVX-512 is available (to compare the two); the
  /// baseline on CPUs without AVX2, the Swift SIMD implementation where the kernels are not built.
  case avx2
  /// The C kernels forced to the baseline instruction set (SSE2 on x86-64, NEON on ARM64); the
  /// Swift SIMD implementation where the kernels are not built.
  case baseline
  /// The pure-Swift implementation on `SIMD8<Float>` lanes (brute force: no tile or direction
  /// culling, which never changes results). Runs everywhere.
  case swiftSIMD
  /// The scalar Swift reference, one ray at a time (no culling).
  case reference

  /// Whether this binary contains the C kernels (`false` on Apple platforms by default, and
  /// wherever the package was built with `ARSIM_KERNELS=off`).
  public static var kernelsAreBuilt: Bool {
    #if canImport(_RaycastKernels)
      true
    #else
      false
    #endif
  }

  /// The instruction set that runs for this engine on this CPU: `"avx512"`, `"avx2"` or
  /// `"baseline"` for the C kernels, `"swift-simd8"` for the Swift SIMD implementation, `"swift"` for the reference.
  public var instructionSetName: String {
    switch backend {
    case .kernels(let instructionSet): instructionSet.resolvedName
    case .swiftSIMD: "swift-simd8"
    case .reference: "swift"
    }
  }

  /// The implementation this engine runs in this binary.
  var backend: BatchRaycastBackend {
    switch self {
    case .reference: .reference
    case .swiftSIMD: .swiftSIMD
    case .simd: Self.kernelsAreBuilt ? .kernels(.best) : .swiftSIMD
    case .avx512: Self.kernelsAreBuilt ? .kernels(.avx512) : .swiftSIMD
    case .avx2: Self.kernelsAreBuilt ? .kernels(.avx2) : .swiftSIMD
    case .baseline: Self.kernelsAreBuilt ? .kernels(.baseline) : .swiftSIMD
    }
  }
}

/// An implementation of the batched raycast.
enum BatchRaycastBackend: Hashable {
  /// The C kernels with an instruction-set request (resolved against the CPU by the kernels).
  case kernels(KernelInstructionSet)
  /// The Swift SIMD implementation.
  case swiftSIMD
  /// The scalar Swift reference.
  case reference
}

/// An instruction-set request to the C kernels. New variants (an AVX-512 kernel) add a case here
/// and its mapping in `BatchRaycastScene+Kernels.swift`.
enum KernelInstructionSet: Hashable {
  /// The best variant this CPU supports.
  case best
  /// The AVX-512 variant (or the best below it that this CPU supports).
  case avx512
  /// The AVX2 variant (or the best below it that this CPU supports).
  case avx2
  /// The baseline variant (SSE2 / NEON).
  case baseline
}
