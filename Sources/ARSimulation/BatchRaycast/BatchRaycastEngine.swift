import _RaycastKernels

/// Which implementation of the batched raycast runs. All engines return identical bits.
public enum BatchRaycastEngine: String, Sendable, Hashable, Codable, CaseIterable {
  /// The C kernels with the best instruction set this CPU supports (AVX2 on x86-64 CPUs with AVX2
  /// and FMA, else the baseline).
  case simd
  /// The C kernels forced to the baseline instruction set (SSE2 on x86-64, NEON on ARM64).
  case baseline
  /// The scalar Swift reference (no tile culling).
  case reference

  /// The instruction set the C kernels use for this engine on this CPU: `"avx2"`, `"baseline"`, or
  /// `"swift"` for the reference.
  public var instructionSetName: String {
    switch self {
    case .reference: return "swift"
    case .simd, .baseline:
      return arsk_isa_resolve(kernelISA) == Int32(ARSK_ISA_AVX2) ? "avx2" : "baseline"
    }
  }

  var kernelISA: Int32 {
    self == .baseline ? Int32(ARSK_ISA_BASELINE) : Int32(ARSK_ISA_AUTO)
  }
}
