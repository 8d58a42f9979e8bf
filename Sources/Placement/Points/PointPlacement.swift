import ARSimulation
import SpatialMath

/// The outcome of placing one Vision point (a hand joint, a contour's centroid): a world point,
/// or `nil` and the reason.
public struct PointPlacement: Sendable, Hashable {
  /// The point in stored-image normalized coordinates (top-left origin).
  public let imageNormalized: Point
  /// The point in viewport points (top-left origin); `nil` when the viewport size is not usable.
  public let viewportPoint: Point?
  /// The nearest hit of the winning raycast attempt, or `nil`.
  public let hit: RaycastResult?
  /// Why the point was not placed, or `nil` when it was.
  public let failure: PlacementFailure?

  /// The placed world point (metres), or `nil`.
  public var worldPosition: SIMD3<Float>? { hit?.worldPosition }
}

/// A Vision contour placed on the surface it lies on: a polyline in world space (a button's
/// outline on a dashboard).
public struct PlacedContour: Sendable, Hashable {
  /// Where each contour point's ray meets ``plane``, in the contour's order (world metres).
  /// Points whose ray misses the plane (behind the camera, parallel) are left out.
  public let worldPoints: [SIMD3<Float>]
  /// How many contour points were left out.
  public let droppedPointCount: Int
  /// The plane of the surface the contour was placed on (world space).
  public let plane: Plane
  /// The hit that found the plane (its anchor identifier, target and pose).
  public let surfaceHit: RaycastResult
  /// Whether the polyline closes.
  public let isClosed: Bool

  /// The length of the polyline (metres), including the closing segment when closed.
  public var perimeterMeters: Float {
    guard worldPoints.count >= 2 else { return 0 }
    var total: Float = 0
    for i in 1..<worldPoints.count { total += worldPoints[i].distance(to: worldPoints[i - 1]) }
    if isClosed { total += worldPoints[0].distance(to: worldPoints[worldPoints.count - 1]) }
    return total
  }

  /// The mean of the polyline's points (world metres), or `nil` when there are none.
  public var centroid: SIMD3<Float>? {
    guard !worldPoints.isEmpty else { return nil }
    return worldPoints.reduce(SIMD3<Float>.zero, +) / Float(worldPoints.count)
  }
}

extension PlacementPipeline {
  /// Places one Vision point of a request of `requestType` (its coordinates: lower-left origin,
  /// relative to the region of interest, no crop for point requests; see `VisionRequestType`):
  /// the point is mapped to the stored image by the inverse `VisionGeometry` and raycast with
  /// ``PlacementSettings/attempts`` like a detection's anchor point.
  public func place(
    visionPoint: Point, requestType: VisionRequestType, request: VisionRequestSettings,
    in frame: ViewportFrame
  ) -> PointPlacement {
    guard visionPoint.isFinite,
      let geometry = try? VisionGeometry(
        settings: request, imageResolution: frame.camera.imageResolution, requestType: requestType)
    else {
      return PointPlacement(
        imageNormalized: visionPoint, viewportPoint: nil, hit: nil, failure: .invalidBox)
    }
    let imagePoint = geometry.imageNormalizedPoint(forVisionPoint: visionPoint)
    let viewportPoint: Point? = frame.viewport.points(
      forNormalized: imagePoint.applying(frame.camera.displayTransform(for: frame.viewport)))
    let outcome = firstHit(throughImageNormalized: imagePoint, in: frame)
    return PointPlacement(
      imageNormalized: imagePoint, viewportPoint: viewportPoint, hit: outcome.hit,
      failure: outcome.failure)
  }

  /// Places a contour on the surface it lies on: the surface is found by raycasting (with
  /// ``PlacementSettings/attempts``) the centroid of the contour's points in the stored image,
  /// then, when that misses, each point in order until one hits; every point's ray is then
  /// intersected with that surface's plane (unbounded, either face), so the polyline lies exactly
  /// on it even where the contour runs past the anchor's boundary.
  ///
  /// - Returns: `nil` when the contour is empty, a point is not finite, the request settings
  ///   cannot map the camera's image, or no point's ray hits a surface.
  public func place(
    contour: VisionContour, request: VisionRequestSettings, in frame: ViewportFrame
  ) -> PlacedContour? {
    guard !contour.normalizedPoints.isEmpty, contour.normalizedPoints.allSatisfy(\.isFinite),
      let geometry = try? VisionGeometry(
        settings: request, imageResolution: frame.camera.imageResolution, requestType: .contours)
    else { return nil }
    let imagePoints = contour.normalizedPoints.map(geometry.imageNormalizedPoint(forVisionPoint:))
    let n = Double(imagePoints.count)
    let centroid = Point(
      x: imagePoints.reduce(0) { $0 + $1.x } / n, y: imagePoints.reduce(0) { $0 + $1.y } / n)
    var surfaceHit = firstHit(throughImageNormalized: centroid, in: frame).hit
    for point in imagePoints where surfaceHit == nil {
      surfaceHit = firstHit(throughImageNormalized: point, in: frame).hit
    }
    guard let surfaceHit,
      let plane = try? Plane(point: surfaceHit.worldPosition, normal: surfaceHit.worldNormal)
    else { return nil }
    var worldPoints: [SIMD3<Float>] = []
    worldPoints.reserveCapacity(imagePoints.count)
    for point in imagePoints {
      if let ray = frame.camera.ray(throughImageNormalized: point),
        let hit = plane.intersection(with: ray)
      {
        worldPoints.append(hit)
      }
    }
    return PlacedContour(
      worldPoints: worldPoints, droppedPointCount: imagePoints.count - worldPoints.count,
      plane: plane, surfaceHit: surfaceHit, isClosed: contour.isClosed)
  }
}
