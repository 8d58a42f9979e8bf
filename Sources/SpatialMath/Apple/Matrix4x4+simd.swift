// Conversions to and from the `simd` module on Apple platforms: both are column-major with the
// translation in `columns.3`, so each column maps directly (`SIMD4<Float>` is `simd_float4`). Not
// compiled on Linux, where CI runs.
#if canImport(simd)
  import simd

  extension Matrix4x4 {
    /// The matrix with the same columns (for example `ARCamera.transform`).
    public init(_ m: simd_float4x4) {
      self.init(m.columns.0, m.columns.1, m.columns.2, m.columns.3)
    }
  }

  extension simd_float4x4 {
    /// The matrix with the same columns.
    public init(_ m: Matrix4x4) { self.init(m.columns.0, m.columns.1, m.columns.2, m.columns.3) }
  }
#endif
