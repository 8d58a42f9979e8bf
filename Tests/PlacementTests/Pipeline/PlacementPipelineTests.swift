import ARSimulation
import SpatialMath
import Testing

@testable import Placement

/// Hand-worked frame: camera at the origin looking down -z (identity pose), 1280x720 image with
/// fx = fy = 1000 and ARKit's principal point (639.5, 359.5), which is the image centre (640, 360)
/// in continuous pixels (ARKit counts pixel centres at integers); Vision `.up`,
/// `scaleFill`, 416x416 (normalized coordinates pass through, only y flips); a landscapeRight
/// viewport of the image's aspect (1280x720 points), so the display transform is the identity.
/// The image centre's ray is (0, 0, -1); a plane facing the camera at z = -2 is hit at (0, 0, -2).
@Suite("PlacementPipeline")
struct PlacementPipelineTests {
  static let camera = try! Camera(
    transform: .identity,
    intrinsics: try! CameraIntrinsics(fx: 1000, fy: 1000, ox: 639.5, oy: 359.5),
    imageResolution: Size(width: 1280, height: 720))
  static let viewport = try! Viewport(
    size: Size(width: 1280, height: 720), interfaceOrientation: .landscapeRight)
  static let request = try! VisionRequestSettings(
    orientation: .up, cropAndScale: .scaleFill, modelInputSize: Size(width: 416, height: 416))
  /// A centred box: Vision (0.45, 0.45, 0.1, 0.1), centre (0.5, 0.5).
  static let centred = Detection(
    label: "hazard", confidence: 0.9, boundingBox: Rect(x: 0.45, y: 0.45, width: 0.1, height: 0.1))

  /// A square anchor of half size 0.5 m in the plane z = `z`; its normal (+y local, rotated +90°
  /// about x) is world +z, towards the camera, or -z when `facingAway`.
  static func wall(z: Float, facingAway: Bool = false) -> PlaneAnchor {
    let rotation = Quaternion(angle: .degrees(facingAway ? -90 : 90), axis: SIMD3(1, 0, 0))
    return try! PlaneAnchor(
      identifier: "WALL",
      transform: RigidTransform(rotation: rotation, translation: SIMD3(0, 0, z)).matrix,
      extent: try! PlaneExtent(width: 1, height: 1),
      boundary: try! PlaneBoundary(vertices: [
        SIMD3(-0.5, 0, -0.5), SIMD3(-0.5, 0, 0.5), SIMD3(0.5, 0, 0.5), SIMD3(0.5, 0, -0.5),
      ]), alignment: .vertical)
  }

  /// A 21x21 grid of feature points 2 cm apart in the plane z = -2, centred on the optical axis.
  static let gridPoints = try! FeaturePointCloud(
    points: (0..<441).map { i in SIMD3(Float(i % 21 - 10) * 0.02, Float(i / 21 - 10) * 0.02, -2) })

  static func frame(_ world: FrameWorld) -> ViewportFrame {
    ViewportFrame(camera: camera, viewport: viewport, world: world)
  }

  @Test func centredBoxHitsTheAnchorOnTheOpticalAxis() throws {
    let result = PlacementPipeline().place(
      Self.centred, request: Self.request,
      in: Self.frame(FrameWorld(planeAnchors: [Self.wall(z: -2)])))
    let p = try #require(result.worldPosition)
    #expect(abs(p.x) < 1e-6 && abs(p.y) < 1e-6 && abs(p.z + 2) < 1e-6)
    #expect(result.attemptIndex == 0)
    #expect(result.failure == nil)
    #expect(result.hit?.anchorIdentifier == "WALL")
    #expect(abs((result.hit?.distance ?? 0) - 2) < 1e-6)
    let v = try #require(result.viewportPoint)
    #expect(abs(v.x - 640) < 1e-9 && abs(v.y - 360) < 1e-9)
    #expect(result.trace == nil)
    // The measurement carries the wall's normal (+z, up to rounding of the anchor's rotation)
    // and the target that hit, for the tracker's error model.
    let m = try #require(result.measurement)
    #expect(m.label == "hazard" && m.position == p && m.confidence == 0.9)
    #expect(m.target == .existingPlaneGeometry)
    let n = try #require(m.surfaceNormal)
    #expect(abs(n.x) < 1e-6 && abs(n.y) < 1e-6 && abs(n.z - 1) < 1e-6)
  }

  /// Bottom centre: Vision (0.5, 0.45) -> image (0.5, 0.55) -> pixel v = 396 -> direction
  /// (0, -0.036, -1) -> at z = -2, y = -0.072.
  @Test func bottomCenterAnchorPoint() throws {
    var settings = PlacementSettings()
    settings.anchorPoint = .bottomCenter
    let result = PlacementPipeline(settings: settings).place(
      Self.centred, request: Self.request,
      in: Self.frame(FrameWorld(planeAnchors: [Self.wall(z: -2)])))
    let p = try #require(result.worldPosition)
    #expect(abs(p.x) < 1e-6 && abs(p.y + 0.072) < 1e-5 && abs(p.z + 2) < 1e-5)
    #expect(abs((result.viewportPoint?.y ?? 0) - 396) < 1e-9)
  }

  @Test func fallsBackToTheEstimatedPlaneWithoutAnchors() throws {
    let result = PlacementPipeline().place(
      Self.centred, request: Self.request,
      in: Self.frame(FrameWorld(featurePoints: Self.gridPoints)), includeTrace: true)
    let p = try #require(result.worldPosition)
    #expect(abs(p.z + 2) < 1e-3 && abs(p.x) < 1e-3 && abs(p.y) < 1e-3)
    #expect(result.attemptIndex == 1)
    #expect(result.hit?.target == .estimatedPlane)
    let trace = try #require(result.trace)
    #expect(trace.queries.map(\.target) == [.existingPlaneGeometry, .estimatedPlane])
    #expect(trace.results.map(\.count) == [0, 1])
    #expect(trace.box?.center.imageNormalized == Point(x: 0.5, y: 0.5))
  }

  @Test func missReasons() {
    let empty = Self.frame(FrameWorld())
    let pipeline = PlacementPipeline()
    #expect(pipeline.place(Self.centred, request: Self.request, in: empty).failure == .noHit)
    var bad = Self.centred
    bad.boundingBox = Rect(x: .nan, y: 0, width: 0.1, height: 0.1)
    let invalid = pipeline.place(bad, request: Self.request, in: empty)
    #expect(
      invalid.failure == .invalidBox && invalid.worldPosition == nil && invalid.viewportPoint == nil
    )
    let none = PlacementPipeline(settings: PlacementSettings(attempts: []))
    let world = Self.frame(FrameWorld(planeAnchors: [Self.wall(z: -2)]))
    #expect(none.place(Self.centred, request: Self.request, in: world).failure == .noHit)
  }

  /// A wall whose normal points away from the camera is met from behind.
  @Test func backFacePolicy() {
    let world = Self.frame(FrameWorld(planeAnchors: [Self.wall(z: -2, facingAway: true)]))
    let culled = PlacementPipeline().place(Self.centred, request: Self.request, in: world)
    #expect(culled.failure == .noHit)
    var settings = PlacementSettings()
    settings.raycastOptions.backFacePolicy = .include
    let included = PlacementPipeline(settings: settings).place(
      Self.centred, request: Self.request, in: world)
    #expect(included.attemptIndex == 0)
  }

  @Test func anchorPointFractions() {
    #expect(throws: ParameterError(parameter: "x", value: "1.5", requirement: "within 0...1")) {
      try BoxAnchorPoint(x: 1.5, y: 0)
    }
    #expect(throws: ParameterError(parameter: "y", value: "nan", requirement: "within 0...1")) {
      try BoxAnchorPoint(x: 0, y: .nan)
    }
    let box = Rect(x: 0.2, y: 0.4, width: 0.2, height: 0.1)
    let top = BoxAnchorPoint.topCenter.visionPoint(in: box)
    #expect(abs(top.x - 0.3) < 1e-12 && abs(top.y - 0.5) < 1e-12)
    #expect(BoxAnchorPoint.bottomCenter.visionPoint(in: box).y == 0.4)
  }
}

/// Projection states with the same camera: (0, 0, -2) is at the viewport centre (639.5 + 0.5,
/// 359.5 + 0.5) = (640, 360); (3, 0, -2) is at x = 640 + 1000 * 3 / 2 = 2140 > 1280 (off screen);
/// (0, 0, 1) is behind.
@Suite("ViewportProjection")
struct ViewportProjectionTests {
  @Test func states() {
    let camera = PlacementPipelineTests.camera
    let viewport = PlacementPipelineTests.viewport
    #expect(
      ViewportProjection(worldPoint: SIMD3(0, 0, -2), camera: camera, viewport: viewport)
        == .visible(Point(x: 640, y: 360)))
    #expect(
      ViewportProjection(worldPoint: SIMD3(3, 0, -2), camera: camera, viewport: viewport)
        == .offScreen(Point(x: 2140, y: 360)))
    #expect(
      ViewportProjection(worldPoint: SIMD3(0, 0, 1), camera: camera, viewport: viewport)
        == .behindCamera)
  }

  @Test func snapshotCarriesTheMarker() {
    let marker = TrackedMarker(
      id: 4, label: "fan", position: SIMD3(0, 0, -2), state: .confirmed, spreadMeters: 0.001,
      hitCount: 3, lastHitSeconds: 1, firstSeenSeconds: 0.5)
    let snapshot = MarkerSnapshot(
      marker: marker, camera: PlacementPipelineTests.camera,
      viewport: PlacementPipelineTests.viewport)
    #expect(snapshot.id == 4 && snapshot.label == "fan" && snapshot.state == .confirmed)
    #expect(snapshot.projection == .visible(Point(x: 640, y: 360)))
    #expect(snapshot.projection.name == "visible")
  }
}
