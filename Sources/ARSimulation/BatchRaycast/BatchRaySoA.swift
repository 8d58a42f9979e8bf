import SpatialMath

/// A batch of rays in structure-of-arrays form (world space, metres), the layout the kernels read.
///
/// Plain `Float` arrays rather than `[SIMD3<Float>]`: `SIMD3<Float>` is 16 bytes, and the C kernels
/// expect tightly packed components. Directions should be unit length so that `t` is a distance;
/// rays with a non-finite component or a zero direction are allowed and always miss.
public struct BatchRaySoA: Sendable, Hashable {
  /// Origin x of each ray.
  public private(set) var originX: [Float]
  /// Origin y of each ray.
  public private(set) var originY: [Float]
  /// Origin z of each ray.
  public private(set) var originZ: [Float]
  /// Unit direction x of each ray.
  public private(set) var directionX: [Float]
  /// Unit direction y of each ray.
  public private(set) var directionY: [Float]
  /// Unit direction z of each ray.
  public private(set) var directionZ: [Float]

  /// The number of rays.
  public var count: Int { originX.count }

  /// Creates a batch from six component arrays.
  ///
  /// - Throws: `BatchRaycastError.componentCountMismatch` when their counts differ.
  public init(
    originX: [Float], originY: [Float], originZ: [Float],
    directionX: [Float], directionY: [Float], directionZ: [Float]
  ) throws(BatchRaycastError) {
    let counts = [originX, originY, originZ, directionX, directionY, directionZ].map(\.count)
    guard counts.allSatisfy({ $0 == counts[0] }) else {
      throw .componentCountMismatch(counts: counts)
    }
    self.init(
      unchecked: originX, originY: originY, originZ: originZ, directionX: directionX,
      directionY: directionY, directionZ: directionZ)
  }

  /// A batch from six component arrays already known to have equal counts.
  package init(
    unchecked originX: [Float], originY: [Float], originZ: [Float],
    directionX: [Float], directionY: [Float], directionZ: [Float]
  ) {
    assert(
      [originY, originZ, directionX, directionY, directionZ].allSatisfy {
        $0.count == originX.count
      })
    (self.originX, self.originY, self.originZ) = (originX, originY, originZ)
    (self.directionX, self.directionY, self.directionZ) = (directionX, directionY, directionZ)
  }

  /// Packs rays (whose directions are unit by construction).
  public init(_ rays: [Ray]) {
    originX = rays.map(\.origin.x)
    originY = rays.map(\.origin.y)
    originZ = rays.map(\.origin.z)
    directionX = rays.map(\.direction.x)
    directionY = rays.map(\.direction.y)
    directionZ = rays.map(\.direction.z)
  }

  /// The common origin of all rays as a tuple of 3 floats (no SIMD3 padding), or `nil` when the
  /// batch is empty, the origins differ (bitwise) or the origin is not finite.
  var sharedOrigin: (Float, Float, Float)? {
    guard let x = originX.first, let y = originY.first, let z = originZ.first,
      x.isFinite, y.isFinite, z.isFinite
    else { return nil }
    func allEqual(_ values: [Float], _ v: Float) -> Bool {
      values.withUnsafeBufferPointer { p in
        var same = true
        for e in p { same = same && e.bitPattern == v.bitPattern }
        return same
      }
    }
    guard allEqual(originX, x), allEqual(originY, y), allEqual(originZ, z) else { return nil }
    return (x, y, z)
  }
}
