import SpatialMath

/// Simulated optical flow between two frames, from the known camera motion and the scene's
/// surfaces: what `VNGenerateOpticalFlowRequest` (dense) or a sparse point tracker would
/// measure, plus an ``OpticalFlowNoise`` model.
///
/// The flow at a pixel `p` of the source image (stored image, pixels, top-left origin) is where
/// the surface point seen at `p` appears in the target image, minus `p`: the ray through `p` is
/// cast against ``surfaces`` (nearest hit, either face), and the hit is projected by the target
/// camera (lens distortion included). There is no flow when the ray hits no surface (unless
/// ``fallbackDepthMeters`` gives one), when the point is not in front of the target camera, or
/// when another surface hides it from the target camera. For a planar surface and ideal pinhole
/// cameras this equals the plane-induced homography (`Homography.planeInduced(by:from:to:)`).
///
/// Deterministic: noise is drawn from the caller's `SplitMix64`, a fixed number of values per
/// vector (``OpticalFlowNoise/drawsPerVector``) whether or not the vector exists.
public struct OpticalFlowSimulator: Sendable, Hashable {
  /// The surfaces that move in the image (world space): a scene's truth, or a frame's plane
  /// anchors (`TruthSurface(planeAnchor:)`).
  public var surfaces: [TruthSurface]
  /// The measurement noise.
  public var noise: OpticalFlowNoise
  /// When set, a ray that hits no surface sees a point at this depth in front of the source
  /// camera (metres along its viewing axis; a far backdrop), so the flow there follows the
  /// camera's rotation and only partly its translation. `nil`: no flow there.
  public var fallbackDepthMeters: Float?
  /// Occlusion tolerance: a point counts as hidden from the target when another surface is
  /// nearer along the target's ray by more than this (metres).
  public var occlusionToleranceMeters: Float

  /// Creates a simulator.
  public init(
    surfaces: [TruthSurface], noise: OpticalFlowNoise = .none, fallbackDepthMeters: Float? = nil,
    occlusionToleranceMeters: Float = 0.002
  ) {
    self.surfaces = surfaces
    self.noise = noise
    self.fallbackDepthMeters = fallbackDepthMeters.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    self.occlusionToleranceMeters = occlusionToleranceMeters
  }

  /// What a camera sees at an image pixel: the nearest surface point along the ray (world metres)
  /// and that surface's plane there, or the fallback backdrop point and a plane facing the
  /// camera; `nil` when there is neither or the pixel cannot be unprojected.
  public func surfacePoint(atImagePixel pixel: Point, camera: Camera) -> (
    point: SIMD3<Float>, plane: Plane
  )? {
    guard let ray = camera.ray(throughImagePixel: pixel) else { return nil }
    if let (distance, normal) = nearestHit(ray) {
      let point = ray.point(at: distance)
      guard let plane = try? Plane(point: point, normal: normal) else { return nil }
      return (point, plane)
    }
    guard let depth = fallbackDepthMeters,
      let direction = camera.cameraDirection(forImagePixel: pixel), direction.z < 0
    else { return nil }
    let cameraPoint = direction * (depth / -direction.z)
    let point = camera.worldFromCamera.transformPoint(cameraPoint)
    let axis = camera.worldFromCamera.transformDirection(SIMD3(0, 0, 1))
    guard point.isFinite, let plane = try? Plane(point: point, normal: axis) else { return nil }
    return (point, plane)
  }

  /// The exact flow (pixels, x right, y down) at a source-image pixel, or `nil` (see the type's
  /// documentation).
  public func exactFlow(atImagePixel pixel: Point, from source: Camera, to target: Camera)
    -> Point?
  {
    guard let seen = surfacePoint(atImagePixel: pixel, camera: source),
      let moved = target.projectToImagePixels(seen.point), isVisible(seen.point, from: target)
    else { return nil }
    return Point(x: moved.x - pixel.x, y: moved.y - pixel.y)
  }

  /// The measured flow at each source-image pixel (sparse flow), in order; `nil` where there is
  /// none. Draws ``OpticalFlowNoise/drawsPerVector`` values from `random` per pixel.
  ///
  /// - Complexity: O(pixels × surfaces).
  public func flow(
    atImagePixels pixels: [Point], from source: Camera, to target: Camera,
    using random: inout SplitMix64
  ) -> [Point?] {
    pixels.map { pixel in
      noise.perturb(exactFlow(atImagePixel: pixel, from: source, to: target), using: &random)
    }
  }

  /// The measured flow on a grid of the source image (dense flow; see ``OpticalFlowField``),
  /// cells in row-major order, each drawing ``OpticalFlowNoise/drawsPerVector`` values.
  ///
  /// - Precondition: `gridSpacingPixels >= 1`.
  /// - Complexity: O(cells × surfaces).
  public func denseFlow(
    from source: Camera, to target: Camera, gridSpacingPixels: Int,
    using random: inout SplitMix64
  ) -> OpticalFlowField {
    precondition(gridSpacingPixels >= 1, "the grid spacing must be at least one pixel")
    let columns = Int(source.imageResolution.width) / gridSpacingPixels
    let rows = Int(source.imageResolution.height) / gridSpacingPixels
    var vectors: [Point?] = []
    vectors.reserveCapacity(columns * rows)
    let s = Double(gridSpacingPixels)
    for row in 0..<rows {
      for column in 0..<columns {
        let pixel = Point(x: (Double(column) + 0.5) * s, y: (Double(row) + 0.5) * s)
        vectors.append(
          noise.perturb(exactFlow(atImagePixel: pixel, from: source, to: target), using: &random))
      }
    }
    return OpticalFlowField(
      gridSpacingPixels: gridSpacingPixels, columns: columns, rows: rows, vectors: vectors)
  }

  /// The nearest surface hit along a ray: distance and world normal.
  func nearestHit(_ ray: Ray) -> (distance: Float, normal: SIMD3<Float>)? {
    var best: (distance: Float, normal: SIMD3<Float>)?
    for surface in surfaces {
      if let hit = surface.intersection(with: ray), hit.distance < (best?.distance ?? .infinity) {
        best = (hit.distance, hit.worldNormal)
      }
    }
    return best
  }

  /// Whether no surface hides `point` from `camera` (beyond the occlusion tolerance).
  func isVisible(_ point: SIMD3<Float>, from camera: Camera) -> Bool {
    let origin = camera.positionInWorld
    let distance = (point - origin).length
    guard let ray = try? Ray(origin: origin, direction: point - origin) else { return false }
    guard let hit = nearestHit(ray) else { return true }
    return hit.distance >= distance - occlusionToleranceMeters
  }
}

extension OpticalFlowNoise {
  /// `flow` with this noise (see the type's documentation); `nil` stays `nil`. Always draws
  /// ``drawsPerVector`` values from `random`.
  public func perturb(_ flow: Point?, using random: inout SplitMix64) -> Point? {
    let gx = random.nextGaussian()
    let gy = random.nextGaussian()
    let outlierDraw = random.nextUnitDouble()
    let ox = random.nextUnitDouble()
    let oy = random.nextUnitDouble()
    guard let flow else { return nil }
    if outlierDraw < outlierProbability {
      return Point(x: (2 * ox - 1) * outlierRangePixels, y: (2 * oy - 1) * outlierRangePixels)
    }
    let length = (flow.x * flow.x + flow.y * flow.y).squareRoot()
    let sigma =
      (standardDeviationPixels * standardDeviationPixels
      + (relativeStandardDeviation * length) * (relativeStandardDeviation * length))
      .squareRoot()
    return Point(x: flow.x + sigma * gx, y: flow.y + sigma * gy)
  }
}
