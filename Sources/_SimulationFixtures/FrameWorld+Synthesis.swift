import ARSimulation
import SpatialMath

extension FrameWorld {
  /// A frame world derived from true surfaces: one plane anchor per planar surface (when
  /// `includePlaneAnchors`, `TruthSurface.planeAnchor()`) and, per surface, `pointsPerSquareMeter`
  /// × area feature points (rounded down) with Gaussian noise of `pointNoiseMeters`, identifiers
  /// numbered from 0 in surface order. Deterministic for `seed`.
  public static func synthesized(
    from surfaces: [TruthSurface], pointsPerSquareMeter: Float, pointNoiseMeters: Float,
    includePlaneAnchors: Bool = true, seed: UInt64
  ) -> FrameWorld {
    var rng = SplitMix64(seed: seed)
    var points: [SIMD3<Float>] = []
    for surface in surfaces {
      let area = surface.localTriangles().reduce(Float(0)) {
        $0 + ($1.1 - $1.0).cross($1.2 - $1.0).length / 2
      }
      let count = Int(max(0, (area * pointsPerSquareMeter).rounded(.down)))
      points += surface.samplePoints(count: count, noiseMeters: pointNoiseMeters, using: &rng)
    }
    let anchors = includePlaneAnchors ? surfaces.compactMap { $0.planeAnchor() } : []
    return FrameWorld(
      planeAnchors: anchors,
      featurePoints: (try? FeaturePointCloud(points: points)) ?? .empty)
  }
}
