// snippet begin
import ARSimulation
import Placement
import SpatialMath
// snippet end
import Testing

/// The Swift of the Placement article "From a frame and an observation to a tracked marker"
/// (Sources/Placement/Placement.docc/ObservationToMarker.md), run, with the values the article
/// shows. Each expected value is worked out by hand in the article from the camera model and
/// Vision's and ARKit's conventions (not copied from a run).
@Suite("Article: from a frame and an observation to a tracked marker")
struct ObservationToMarkerArticleTests {
  @Test func theArticleSwiftIsThisFile() throws {
    try DocumentationSnippets.expectInSync(
      document: "Sources/Placement/Placement.docc/ObservationToMarker.md", testFile: #filePath)
  }

  static func near(_ a: Point, _ x: Double, _ y: Double, _ tolerance: Double = 1e-4) -> Bool {
    abs(a.x - x) <= tolerance && abs(a.y - y) <= tolerance
  }

  static func near(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ tolerance: Float = 1e-4) -> Bool {
    ((a - b) * (a - b)).sum().squareRoot() <= tolerance
  }

  @Test func everyStepHasTheArticlesValues() throws {
    // snippet begin
    // ARFrame.camera: a 1920x1440 captured image, the phone held upright (portrait) 1.5 m above
    // the floor, looking level along world -z. In portrait, ARKit's camera axes stay the
    // sensor's: camera +x points down (world -y), camera +y points right (world +x).
    let camera = try Camera(
      transform: Matrix4x4(
        SIMD4(0, -1, 0, 0), SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 1.5, 0, 1)),
      intrinsics: CameraIntrinsics(fx: 1500, fy: 1500, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    // The view showing the camera image: an iPhone screen in portrait, in points.
    let viewport = try Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
    let displayTransform = camera.displayTransform(for: viewport)
    // snippet end
    let t = displayTransform
    #expect(t.a == 0 && t.b == 1 && t.d == 0 && t.ty == 0, "\(t)")
    #expect(abs(t.c - -633.0 / 390) < 1e-9 && abs(t.tx - 511.5 / 390) < 1e-9, "\(t)")

    // snippet begin
    // The Vision request the app ran on ARFrame.capturedImage, and one observation it returned.
    let request = try VisionRequestSettings(
      orientation: .right, cropAndScale: .centerCrop,
      modelInputSize: Size(width: 416, height: 416))
    let observation = Detection(
      label: "exit-sign", confidence: 0.9,
      boundingBox: Rect(x: 0.2, y: 0.7, width: 0.1, height: 0.1))
    let trace = try VisionBoxTrace(
      visionBox: observation.boundingBox, request: request, camera: camera, viewport: viewport)
    let centre = trace.center
    // snippet end
    #expect(Self.near(centre.visionNormalized, 0.25, 0.75))
    #expect(Self.near(centre.orientedImageNormalized, 0.25, 0.3125))
    #expect(Self.near(centre.imageNormalized, 0.3125, 0.75))
    #expect(Self.near(centre.imagePixels, 600, 1080, 1e-3))
    #expect(Self.near(centre.viewportNormalized, 36.75 / 390, 0.3125))
    #expect(Self.near(centre.viewportPoints, 36.75, 263.75, 1e-3))
    let ray = try #require(trace.ray)
    #expect(Self.near(ray.origin, SIMD3(0, 1.5, 0)))
    let length = Float(1.1152).squareRoot()
    #expect(Self.near(ray.direction, SIMD3(-0.24, 0.24, -1) / length), "\(ray)")

    // snippet begin
    // ARKit's vertical plane anchor for a wall 2 m ahead, 3 m x 3 m, centred at eye height.
    // Plane-local +y (the normal) is world +z, towards the camera; local z is world -y.
    let wall = try PlaneAnchor(
      identifier: "wall",
      transform: Matrix4x4(
        SIMD4(1, 0, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, -1, 0, 0), SIMD4(0, 1.5, -2, 1)),
      extent: PlaneExtent(width: 3, height: 3),
      boundary: PlaneBoundary(rectangleHalfWidth: 1.5, halfHeight: 1.5), alignment: .vertical)
    let frame = ViewportFrame(
      camera: camera, viewport: viewport, world: FrameWorld(planeAnchors: [wall]))
    let hits = frame.raycast(
      fromViewportPoint: centre.viewportPoints, allowing: .existingPlaneGeometry,
      alignment: .any)
    // snippet end
    #expect(hits.count == 1)
    let hit = try #require(hits.first)
    #expect(hit.anchorIdentifier == "wall")
    #expect(Self.near(hit.worldPosition, SIMD3(-0.48, 1.98, -2), 1e-3), "\(hit)")
    #expect(abs(hit.distance - 2 * length) < 1e-3, "\(hit)")

    // snippet begin
    // What the two steps above do, in one call per observation (existing plane geometry first,
    // then an estimated plane).
    let placed = PlacementPipeline().place(observation, request: request, in: frame)
    // snippet end
    #expect(placed.attemptIndex == 0 && placed.failure == nil)
    #expect(Self.near(try #require(placed.viewportPoint), 36.75, 263.75, 1e-3))
    #expect(Self.near(try #require(placed.worldPosition), SIMD3(-0.48, 1.98, -2), 1e-3))

    // snippet begin
    // The same observation in three frames at 30 Hz: the marker is confirmed on its third hit.
    var tracker = try MarkerTracker(
      filterPrototype: try OneEuroFilter(minCutoffHz: 1, beta: 0.007))
    var states: [MarkerState] = []
    for frameIndex in 0..<3 {
      let markers = tracker.update(
        measurements: placed.measurement.map { [$0] } ?? [],
        timestampSeconds: Double(frameIndex) / 30)
      states += markers.map(\.state)
    }
    // Where to draw it in this frame: back at the observation's centre.
    let snapshots = tracker.shownMarkers.map {
      MarkerSnapshot(marker: $0, camera: camera, viewport: viewport)
    }
    // snippet end
    #expect(states == [.tentative, .tentative, .confirmed])
    #expect(snapshots.count == 1)
    let snapshot = try #require(snapshots.first)
    #expect(snapshot.id == 1 && snapshot.label == "exit-sign")
    #expect(Self.near(snapshot.worldPosition, SIMD3(-0.48, 1.98, -2), 1e-3))
    guard case .visible(let drawAt) = snapshot.projection else {
      Issue.record("not visible: \(snapshot.projection)")
      return
    }
    #expect(Self.near(drawAt, 36.75, 263.75, 2e-3))
  }
}
