// Conversions to and from the `simd` module on Apple platforms: `Quaternion` is laid out like
// `simd_quatf` (`vector` = (ix, iy, iz, r)), so the vector maps directly. Not compiled on Linux,
// where CI runs.
#if canImport(simd)
  import simd

  extension Quaternion {
    /// The quaternion with the same `vector` (imaginary part, then real part).
    public init(_ q: simd_quatf) { self.init(vector: q.vector) }
  }

  extension simd_quatf {
    /// The quaternion with the same `vector` (imaginary part, then real part).
    public init(_ q: Quaternion) { self.init(vector: q.vector) }
  }
#endif
