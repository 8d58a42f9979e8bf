// Conversions to and from the `simd` module on Apple platforms: both are column-major, so each
// column maps directly (`SIMD3<Float>` is `simd_float3`). Not compiled on Linux, where CI runs.
#if canImport(simd)
  import simd

  extension Matrix3x3 {
    /// The matrix with the same columns (for example `ARCamera.intrinsics`).
    public init(_ m: simd_float3x3) { self.init(m.columns.0, m.columns.1, m.columns.2) }
  }

  extension simd_float3x3 {
    /// The matrix with the same columns.
    public init(_ m: Matrix3x3) { self.init(m.columns.0, m.columns.1, m.columns.2) }
  }
#endif
