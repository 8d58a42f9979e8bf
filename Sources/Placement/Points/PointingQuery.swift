import ARSimulation
import SpatialMath

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// "Which marker is the user pointing at?": the marker nearest the line of the index finger, as
/// seen in one frame's image.
///
/// The finger's direction is the image line from its base joint (``HandJoint/indexPIP``, or
/// ``HandJoint/indexDIP`` when the PIP joint is not confident) to ``HandJoint/indexTip``. Each
/// marker's world position is projected with the frame's camera; markers behind the camera or
/// behind the fingertip along the finger are skipped. Of the markers seen from the fingertip
/// within ``maximumAngle`` of the finger's direction, the answer is the nearest along the finger:
/// the finger's 3D line projects to the 2D line, so the marker pointed at lies on it, but so may
/// markers further along that the 3D line never reaches (it ends at the surface, at the marker
/// pointed at), and a finger hovering over a button points at that button first. Working in the
/// image needs no depth for the finger.
public struct PointingQuery: Sendable, Hashable {
  /// The widest angle between the finger's direction and the direction from the fingertip to a
  /// marker (image pixels) that still counts as pointing at it.
  public var maximumAngle: Angle
  /// Joints below this confidence are not used (0...1).
  public var minimumJointConfidence: Float

  /// Creates a query (defaults: 12°, joints of confidence 0.3 and more).
  public init(maximumAngle: Angle = .degrees(12), minimumJointConfidence: Float = 0.3) {
    self.maximumAngle = maximumAngle
    self.minimumJointConfidence = minimumJointConfidence
  }

  /// The answer: which marker, and how far off the finger's line it is.
  public struct Result: Sendable, Hashable {
    /// The marker's id (as given).
    public let markerID: Int
    /// The angle between the finger's direction and the fingertip-to-marker direction.
    public let angle: Angle
    /// The distance from the fingertip to the marker along the finger, image pixels.
    public let alongPixels: Double
  }

  /// The marker the hand points at, or `nil` (no confident fingertip and base joint, or no
  /// marker within ``maximumAngle`` ahead of the fingertip).
  ///
  /// - Parameters:
  ///   - hand: a hand-pose observation (`VisionRequestType.humanHandPose` coordinates).
  ///   - request: the hand-pose request's settings (orientation, region of interest).
  ///   - markers: marker ids and world positions (metres).
  ///   - camera: the frame's camera.
  public func pointedMarker(
    hand: RecognizedPointsObservation, request: VisionRequestSettings,
    markers: [(id: Int, position: SIMD3<Float>)], camera: Camera
  ) -> Result? {
    guard
      let geometry = try? VisionGeometry(
        settings: request, imageResolution: camera.imageResolution, requestType: hand.requestType)
    else { return nil }
    func pixel(_ joint: HandJoint) -> Point? {
      guard let point = hand.point(joint), point.confidence >= minimumJointConfidence,
        point.location.isFinite
      else { return nil }
      let image = geometry.imageNormalizedPoint(forVisionPoint: point.location)
      return Point(
        x: image.x * camera.imageResolution.width, y: image.y * camera.imageResolution.height)
    }
    guard let tip = pixel(.indexTip), let base = pixel(.indexPIP) ?? pixel(.indexDIP) else {
      return nil
    }
    return pointedMarker(
      fingertipPixel: tip, fingerBasePixel: base,
      markerPixels: markers.compactMap { marker in
        camera.projectToImagePixels(marker.position).map { (marker.id, $0) }
      })
  }

  /// The marker the finger points at, from image pixels: the fingertip, a joint further back on
  /// the finger, and each marker's projection. Of the markers within ``maximumAngle``, the one
  /// nearest the fingertip along the finger; ties go to the smaller angle, then the smaller id.
  public func pointedMarker(
    fingertipPixel tip: Point, fingerBasePixel base: Point,
    markerPixels: [(id: Int, pixel: Point)]
  ) -> Result? {
    let dx = tip.x - base.x
    let dy = tip.y - base.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 1e-9, length.isFinite else { return nil }
    let direction = (x: dx / length, y: dy / length)
    var best: Result?
    for marker in markerPixels where marker.pixel.isFinite {
      let vx = marker.pixel.x - tip.x
      let vy = marker.pixel.y - tip.y
      let along = vx * direction.x + vy * direction.y
      guard along > 0 else { continue }
      let across = abs(vx * direction.y - vy * direction.x)
      let angle = Angle.radians(atan2(across, along))
      guard angle.radians <= maximumAngle.radians else { continue }
      let candidate = Result(markerID: marker.id, angle: angle, alongPixels: along)
      if let current = best {
        let better =
          along < current.alongPixels
          || (along == current.alongPixels
            && (angle.radians < current.angle.radians
              || (angle.radians == current.angle.radians && marker.id < current.markerID)))
        if !better { continue }
      }
      best = candidate
    }
    return best
  }
}
