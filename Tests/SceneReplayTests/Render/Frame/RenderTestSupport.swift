import ARSimulation
import Foundation
import Placement
import SceneFormat
import SpatialMath

@testable import SceneReplay

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A hand-checkable frame: a camera at the origin looking along -z (identity pose), fx = fy = 400
/// px, ARKit principal point (199.5, 149.5) — pixel centres at integers, so the image centre
/// (200, 150) in continuous pixels — a 400x300 image shown in a 400x300 landscapeRight viewport
/// (display transform = identity), Vision `.up` + `scaleFill` on a 400x300 model input (Vision
/// -> image normalized is only the flip `y = 1 - y - h`), and a 2 m x 2 m wall 2 m in front,
/// facing the camera.
enum RenderTestSupport {
  static func camera() throws -> Camera {
    try Camera(
      transform: .identity, intrinsics: CameraIntrinsics(fx: 400, fy: 400, ox: 199.5, oy: 149.5),
      imageResolution: Size(width: 400, height: 300))
  }

  static let viewport = try! Viewport(
    size: Size(width: 400, height: 300), interfaceOrientation: .landscapeRight)

  static func request() throws -> VisionRequestSettings {
    try VisionRequestSettings(
      orientation: .up, cropAndScale: .scaleFill, modelInputSize: Size(width: 400, height: 300))
  }

  /// worldFromPlane: local y (the normal) = world +z, local x = world x, local z = world -y.
  static func wall() throws -> PlaneAnchor {
    try PlaneAnchor(
      identifier: "WALL0001",
      transform: Matrix4x4(
        rotation: Matrix3x3(SIMD3(1, 0, 0), SIMD3(0, 0, 1), SIMD3(0, -1, 0)),
        translation: SIMD3(0, 0, -2)),
      extent: try! PlaneExtent(width: 2, height: 2),
      boundary: try! PlaneBoundary(rectangleHalfWidth: 1, halfHeight: 1), alignment: .vertical)
  }

  static func marker(id: Int, state: MarkerState, at position: SIMD3<Float>) -> TrackedMarker {
    TrackedMarker(
      id: id, label: "hazard", position: position, state: state, spreadMeters: 0, hitCount: 3,
      lastHitSeconds: 0, firstSeenSeconds: 0)
  }

  /// The frame with one detection `box` (Vision normalized) placed on the wall and `markers`.
  static func snapshot(box: Rect, markers: [TrackedMarker]) throws -> FrameSnapshot {
    let camera = try camera()
    let world = FrameWorld(planeAnchors: [try wall()])
    let request = try request()
    let placements = PlacementPipeline().place(
      [Detection(label: "hazard", confidence: 0.9, boundingBox: box)], request: request,
      in: ViewportFrame(camera: camera, viewport: viewport, world: world))
    return FrameSnapshot(
      frameIndex: 4, timestampSeconds: 0.25, camera: camera, viewport: viewport,
      request: request, world: world, placements: placements,
      markers: markers.map { MarkerSnapshot(marker: $0, camera: camera, viewport: viewport) })
  }

  /// Whether `text` parses as XML (Foundation's `XMLParser`).
  static func isWellFormedXML(_ text: String) -> Bool {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse()
  }

  /// How many times `needle` occurs in `text`.
  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }
}
