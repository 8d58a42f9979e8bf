// A few calls through the public API of a versioned dependency, with results worked out by hand
// (scripts/check-consumer.sh compares the output with expected.txt).
import ARKitBridge
import ARSimulation
import Foundation
import Placement
import SceneFormat
import SessionRecording
import SpatialMath

// A camera at the origin looking down -z; 1280x720 image, f = 1000 px, ARKit's principal point
// (639.5, 359.5), which is (640, 360) in continuous pixels: the image centre.
let camera = try Camera(
  transform: .identity, intrinsics: CameraIntrinsics(fx: 1000, fy: 1000, ox: 639.5, oy: 359.5),
  imageResolution: Size(width: 1280, height: 720))
// A landscape view with the image's aspect ratio: the display transform is the identity.
let viewport = try Viewport(
  size: Size(width: 1280, height: 720), interfaceOrientation: .landscapeRight)
print("display transform", camera.displayTransform(for: viewport) == .identity)

// (0.5, 0.25, -2) is 0.25 right of and 0.125 above the axis at unit depth:
// u = 640 + 1000 * 0.25 = 890, v = 360 - 1000 * 0.125 = 235.
if let point = camera.projectPoint(SIMD3(0.5, 0.25, -2), viewport: viewport) {
  print("projected", point.x, point.y)
}

// A wall 2 m ahead facing the camera: plane-local +y (the normal) is world +z.
let wall = try PlaneAnchor(
  identifier: "wall",
  transform: Matrix4x4(
    SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 0, -2, 1)),
  extent: PlaneExtent(width: 2, height: 2),
  boundary: PlaneBoundary(rectangleHalfWidth: 1, halfHeight: 1), alignment: .vertical)
let frame = ViewportFrame(
  camera: camera, viewport: viewport, world: FrameWorld(planeAnchors: [wall]))
// The viewport centre looks straight down the axis: the hit is (0, 0, -2), 2 m away.
if let hit = frame.raycast(
  from: Point(x: 0.5, y: 0.5), allowing: .existingPlaneGeometry, alignment: .any
).first {
  print("hit", hit.anchorIdentifier ?? "-", hit.distance, hit.worldPosition.z)
}

// The same ray on the batched engine (the C kernels on Linux, Swift SIMD elsewhere).
let scene = BatchRaycastScene(planes: [try BatchPlane(wall, region: .boundary)])
let batch = scene.intersect(try BatchRaySoA([Ray(origin: .zero, direction: SIMD3(0, 0, -1))]))
print("batch", batch.t[0], batch.planeIndex[0])

// Filters: the first sample passes through; bad parameters say what is wrong.
var filter = try OneEuroFilter(minCutoffHz: 1, beta: 0.01)
_ = filter.update(measurement: SIMD3(0.1, 0.2, 0.3), timestampSeconds: 0)
print("filtered", filter.position == SIMD3(0.1, 0.2, 0.3))
do {
  _ = try OneEuroFilter(minCutoffHz: 0)
} catch {
  print("refused", error)
}

// The bundled scenes are reachable from a versioned dependency: the sample scene has 600 frames
// (10 s at 60 Hz) and 12 buttons.
let sample = try BundledScenes.recording("dashboard-portrait.json")
print("bundled", sample.frames.count, sample.header.truth?.objects.count ?? 0)
// The app's side of a frame: the protocol a placer reads, over the frame above.
struct AppFrame: PlacementFrame {
  let base: ViewportFrame
  var timestamp: Double { 1 }
  var camera: Camera { base.camera }
  var viewport: Viewport { base.viewport }
  var anchors: [PlaneAnchor] { base.world.planeAnchors }
  var rawFeaturePoints: FeaturePointCloud? { nil }
  func displayTransform(for orientation: InterfaceOrientation, viewportSize: Size)
    -> AffineTransform2D?
  {
    camera.displayTransform(for: orientation, viewportSize: viewportSize)
  }
  func raycastQuery(
    from viewportNormalized: Point, allowing target: RaycastQuery.Target,
    alignment: RaycastQuery.TargetAlignment
  ) -> RaycastQuery? {
    base.raycastQuery(from: viewportNormalized, allowing: target, alignment: alignment)
  }
  func raycast(_ query: RaycastQuery) -> [RaycastResult] {
    Raycaster().raycast(query, in: base.world)
  }
}

// One frame recorded and read back: its plane anchor is the wall.
let path = FileManager.default.temporaryDirectory
  .appendingPathComponent("consumer-\(ProcessInfo.processInfo.processIdentifier).jsonl").path
let recorder = try SessionRecorder(
  path: path, header: RecordingHeader(viewport: RecordingViewport(viewport)),
  dropPolicy: .waitForSpace)
recorder.record(AppFrame(base: frame))
try recorder.close()
var reader = try RecordingJSONLinesReader(path: path)
let recorded = try reader.next()
print(
  "recorded", recorder.writtenFrameCount, recorder.droppedFrameCount,
  recorded?.planes.first?.identifier ?? "-")
try? FileManager.default.removeItem(atPath: path)
