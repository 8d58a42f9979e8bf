import ARSimulation
import SpatialMath
import Testing

@testable import Placement

/// Points and contours through the whole chain. The frame: a portrait back camera (orientation
/// `.right`) at the origin looking down -z, 1920x1440, fx = fy = 1500, principal point at the
/// image centre; a wall anchor in the plane z = -2 facing the camera. The expected Vision
/// coordinates are derived here by hand from the formulas: stored normalized (x, y) -> `.right`
/// oriented (1 - y, x) -> region of interest (lower-left (rx, ry, rw, rh); its top-left top is
/// 1 - ry - rh) -> ((x' - rx) / rw, (y' - top) / rh) -> flip y.
@Suite("Point and contour placement")
struct PointPlacementTests {
  static let camera = try! Camera(
    transform: .identity, intrinsics: try! CameraIntrinsics(fx: 1500, fy: 1500, ox: 960, oy: 720),
    imageResolution: Size(width: 1920, height: 1440))
  static let viewport = try! Viewport(
    size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
  static let wall = try! PlaneAnchor(
    identifier: "WALL",
    transform: RigidTransform(
      rotation: Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 0, -2)
    ).matrix,
    extent: try! PlaneExtent(width: 2, height: 2),
    boundary: try! PlaneBoundary(vertices: [
      SIMD3(-1, 0, -1), SIMD3(-1, 0, 1), SIMD3(1, 0, 1), SIMD3(1, 0, -1),
    ]), alignment: .vertical)
  static let frame = ViewportFrame(
    camera: camera, viewport: viewport, world: FrameWorld(planeAnchors: [wall]))
  static let roi = Rect(x: 0.2, y: 0.1, width: 0.6, height: 0.5)
  static let handRequest = try! VisionRequestSettings.imageRequest(
    orientation: .right, regionOfInterest: roi)

  /// The hand-derived Vision point (lower-left, relative to `roi`) of a world point.
  static func visionPoint(of world: SIMD3<Float>) throws -> Point {
    let pixel = try #require(camera.projectToImagePixels(world))
    let (x, y) = (pixel.x / 1920, pixel.y / 1440)
    let (ox, oy) = (1 - y, x)
    let top = 1 - roi.origin.y - roi.size.height
    let (rx, ry) = ((ox - roi.origin.x) / roi.size.width, (oy - top) / roi.size.height)
    return Point(x: rx, y: 1 - ry)
  }

  @Test("A hand joint projected and read back lands on the wall where it was")
  func pointRoundTrip() throws {
    let truth = SIMD3<Float>(-0.2, -0.45, -2)
    let vision = try Self.visionPoint(of: truth)
    let placed = PlacementPipeline().place(
      visionPoint: vision, requestType: .humanHandPose, request: Self.handRequest, in: Self.frame)
    let p = try #require(placed.worldPosition)
    #expect(p.distance(to: truth) < 1e-4, "\(p)")
    #expect(placed.hit?.anchorIdentifier == "WALL")
    #expect(placed.failure == nil)
    // Read as a Core ML box point (a centerCrop model input), the same numbers land elsewhere.
    let detector = try VisionRequestSettings(
      orientation: .right, cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416),
      regionOfInterest: Self.roi)
    let wrong = try #require(
      PlacementPipeline().place(
        visionPoint: vision, requestType: .coreMLModel, request: detector, in: Self.frame
      ).worldPosition)
    #expect(wrong.distance(to: truth) > 0.03, "\(wrong)")
    // A non-finite point is refused, not placed.
    let refused = PlacementPipeline().place(
      visionPoint: Point(x: .nan, y: 0.5), requestType: .humanHandPose, request: Self.handRequest,
      in: Self.frame)
    #expect(refused.failure == .invalidBox && refused.hit == nil)
  }

  /// A 10 cm square on the wall centred at (0.1, 0.15, -2), sampled at its corners and edge
  /// midpoints, as a contour (counter-clockwise in the world's xy).
  static let square: [SIMD3<Float>] = [
    SIMD3(0.05, 0.10, -2), SIMD3(0.10, 0.10, -2), SIMD3(0.15, 0.10, -2), SIMD3(0.15, 0.15, -2),
    SIMD3(0.15, 0.20, -2), SIMD3(0.10, 0.20, -2), SIMD3(0.05, 0.20, -2), SIMD3(0.05, 0.15, -2),
  ]

  @Test("A contour becomes the 3D polyline of the square on the wall's plane")
  func contourOnPlane() throws {
    let contour = VisionContour(normalizedPoints: try Self.square.map(Self.visionPoint(of:)))
    let placed = try #require(
      PlacementPipeline().place(
        contour: contour, request: .imageRequest(orientation: .right, regionOfInterest: Self.roi),
        in: Self.frame))
    #expect(placed.worldPoints.count == 8 && placed.droppedPointCount == 0)
    for (p, truth) in zip(placed.worldPoints, Self.square) {
      #expect(p.distance(to: truth) < 1e-4, "\(p) vs \(truth)")
    }
    #expect(abs(placed.perimeterMeters - 0.4) < 1e-4)
    #expect(abs(abs(placed.plane.normal.z) - 1) < 1e-5)
    #expect(placed.surfaceHit.anchorIdentifier == "WALL")
    let centroid = try #require(placed.centroid)
    #expect(centroid.distance(to: SIMD3(0.1, 0.15, -2)) < 1e-4)
  }

  @Test("Contour points not flipped (read as top-left) land mirrored, far from the button")
  func contourNotFlipped() throws {
    let flipped = try Self.square.map(Self.visionPoint(of:)).map { Point(x: $0.x, y: 1 - $0.y) }
    let placed = try #require(
      PlacementPipeline().place(
        contour: VisionContour(normalizedPoints: flipped),
        request: .imageRequest(orientation: .right, regionOfInterest: Self.roi), in: Self.frame))
    let centroid = try #require(placed.centroid)
    #expect(centroid.distance(to: SIMD3(0.1, 0.15, -2)) > 0.05, "\(centroid)")
  }

  @Test("Empty, non-finite or surface-less contours are not placed")
  func contourRefusals() throws {
    let request = try VisionRequestSettings.imageRequest(orientation: .right)
    #expect(
      PlacementPipeline().place(
        contour: VisionContour(normalizedPoints: []), request: request, in: Self.frame) == nil)
    #expect(
      PlacementPipeline().place(
        contour: VisionContour(normalizedPoints: [Point(x: .infinity, y: 0)]), request: request,
        in: Self.frame) == nil)
    let empty = ViewportFrame(camera: Self.camera, viewport: Self.viewport)
    #expect(
      PlacementPipeline().place(
        contour: VisionContour(normalizedPoints: [Point(x: 0.5, y: 0.5)]), request: request,
        in: empty)
        == nil)
  }
}

@Suite("PointingQuery")
struct PointingQueryTests {
  @Test("Hand-worked: the nearest marker along the finger within the cone")
  func handWorked() throws {
    let query = PointingQuery(maximumAngle: .degrees(10))
    // Finger along +x from (80, 100) to the tip (100, 100).
    let markers: [(id: Int, pixel: Point)] = [
      (1, Point(x: 200, y: 105)),  // atan(5 / 100) = 2.86°, 100 px along
      (2, Point(x: 150, y: 130)),  // atan(30 / 50) = 31°: outside the cone
      (3, Point(x: 300, y: 100)),  // 0°, but 200 px along: further than 1
      (4, Point(x: 60, y: 100)),  // behind the fingertip
    ]
    let result = try #require(
      query.pointedMarker(
        fingertipPixel: Point(x: 100, y: 100), fingerBasePixel: Point(x: 80, y: 100),
        markerPixels: markers))
    #expect(result.markerID == 1)
    #expect(abs(result.angle.degrees - 2.862405) < 1e-5)
    #expect(abs(result.alongPixels - 100) < 1e-12)
    // Without 1, marker 3 on the line is the answer; without 1 and 3, nothing is within 10°.
    let next = try #require(
      query.pointedMarker(
        fingertipPixel: Point(x: 100, y: 100), fingerBasePixel: Point(x: 80, y: 100),
        markerPixels: [markers[1], markers[2], markers[3]]))
    #expect(next.markerID == 3 && next.angle.radians == 0 && next.alongPixels == 200)
    #expect(
      query.pointedMarker(
        fingertipPixel: Point(x: 100, y: 100), fingerBasePixel: Point(x: 80, y: 100),
        markerPixels: [markers[1], markers[3]]) == nil)
    // A degenerate finger (base on the tip) points nowhere.
    #expect(
      query.pointedMarker(
        fingertipPixel: Point(x: 100, y: 100), fingerBasePixel: Point(x: 100, y: 100),
        markerPixels: markers) == nil)
  }

  @Test("A 3D finger aimed at one of a grid of buttons picks that button")
  func threeDimensionalHand() throws {
    let camera = PointPlacementTests.camera
    let request = PointPlacementTests.handRequest
    // Buttons 10 cm apart on the wall z = -2; the finger aims at button 4 from 6 cm in front of
    // the wall, coming from below and the right.
    let buttons: [(id: Int, position: SIMD3<Float>)] = (0..<9).map { i in
      (i, SIMD3(Float(i % 3 - 1) * 0.1, Float(i / 3 - 1) * 0.1, -2))
    }
    let target = buttons[4].position
    let direction = SIMD3<Float>(-0.3, 0.4, -0.6).normalized()!
    let tip = target - 0.06 * direction
    let pip = tip - 0.045 * direction
    let points = [
      RecognizedPoint(
        name: "indexTip", location: try PointPlacementTests.visionPoint(of: tip), confidence: 0.9),
      RecognizedPoint(
        name: "indexPIP", location: try PointPlacementTests.visionPoint(of: pip), confidence: 0.9),
    ]
    let hand = RecognizedPointsObservation(
      requestType: .humanHandPose, confidence: 0.9, points: points)
    let result = try #require(
      PointingQuery().pointedMarker(hand: hand, request: request, markers: buttons, camera: camera))
    #expect(result.markerID == 4)
    #expect(result.angle.degrees < 0.01)
    // A hand whose joints are not confident points at nothing.
    let unsure = RecognizedPointsObservation(
      requestType: .humanHandPose, confidence: 0.9,
      points: points.map { RecognizedPoint(name: $0.name, location: $0.location, confidence: 0.1) })
    #expect(
      PointingQuery().pointedMarker(
        hand: unsure, request: request, markers: buttons, camera: camera) == nil)
  }
}
