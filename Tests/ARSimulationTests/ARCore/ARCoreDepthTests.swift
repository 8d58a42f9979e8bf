import ARSimulation
import SpatialMath
import Testing

/// ARCore's depth on the hand-worked frame of the hit-test tests (camera at the origin looking
/// along -z, 640x480 texture, f = 500, continuous principal point (320, 240), view = texture) with
/// a 160x120 depth image: scale 1/4, so the depth intrinsics are f = 125, (cx, cy) = (80, 60) and
/// depth pixel (x, y) looks through its centre along ((x + 0.5 - 80)/125, -(y + 0.5 - 60)/125, -1).
@Suite("ARCore depth")
struct ARCoreDepthTests {
  static let width = 160
  static let height = 120

  /// A depth image of `zMeters(x, y)` (nil = no valid depth), in whole millimetres (0 past the
  /// format's 65.535 m).
  static func image(_ zMeters: (Int, Int) -> Double?) throws -> ARCore.DepthImage {
    var values: [UInt16] = []
    for y in 0..<height {
      for x in 0..<width {
        let millimetres = (zMeters(x, y) ?? 0) * 1000
        values.append(millimetres <= 65535 ? UInt16(millimetres.rounded()) : 0)
      }
    }
    return try ARCore.DepthImage(width: width, height: height, millimeters: values)
  }

  /// The floor y = -1 seen by the camera: depth pixel row y looks down by (y + 0.5 - 60)/125 per
  /// unit of z, so it meets the floor at z = 125 / (y + 0.5 - 60); rows above the horizon see
  /// nothing.
  static func floorImage() throws -> ARCore.DepthImage {
    try image { _, y in y >= 60 ? 125 / (Double(y) + 0.5 - 60) : nil }
  }

  static func frame(
    mode: ARCore.Frame.DepthMode, depth: ARCore.Frame.Depth, planes: [ARCore.Plane] = []
  ) throws -> ARCore.Frame {
    let geometry = try ARCore.DisplayGeometry(
      rotation: .rotation90, widthPixels: 640, heightPixels: 480)
    return try ARCore.Frame(
      timestampNanoseconds: 0, camera: try ARCoreHitTestTests.camera(), displayGeometry: geometry,
      planes: planes, depthMode: mode, depth: depth)
  }

  @Test("A wall 2 m ahead: the hit is z / cos along the ray, its pose faces the camera")
  func wallAhead() throws {
    let wall = try Self.image { _, _ in 2 }
    let frame = try Self.frame(mode: .automatic, depth: .init(depthImage: wall))
    let hits = frame.hitTest(x: 482, y: 242)
    #expect(hits.count == 1)
    let hit = try #require(hits.first)
    guard case .depthPoint(let point) = hit.trackable else {
      Issue.record("expected a depth point, got \(hit.trackable)")
      return
    }
    // Texel (482, 242) is depth pixel (120, 60) (inside it, not on an edge); the ray
    // (0.324, -0.004, -1) meets z = -2 at (0.648, -0.008, -2), 2 · √(1 + 0.324² + 0.004²) from
    // the camera.
    #expect(point.depthPixel == SIMD2(120, 60))
    #expect(
      abs(hit.distance - 2 * (1 + 0.324 * 0.324 + 0.004 * 0.004 as Float).squareRoot()) < 1e-5)
    #expect(
      hit.hitPose.translation.isApproximatelyEqual(to: SIMD3(0.648, -0.008, -2), tolerance: 1e-5))
    #expect(hit.hitPose.yAxis.isApproximatelyEqual(to: SIMD3(0, 0, 1), tolerance: 1e-5))
    // +x = normalize(d × y) with d ∝ (0.324, -0.004, -1), y = +z: ∝ (-0.004, -0.324, 0).
    let x = SIMD3<Float>(-0.004, -0.324, 0) / (0.004 * 0.004 + 0.324 * 0.324 as Float).squareRoot()
    #expect(hit.hitPose.xAxis.isApproximatelyEqual(to: x, tolerance: 1e-5))
    #expect(point.pose == hit.hitPose)
  }

  @Test("The floor: the depth point is the ray's pixel's depth, nearer than the plane hit there")
  func floorWithPlane() throws {
    let frame = try Self.frame(
      mode: .automatic, depth: .init(depthImage: try Self.floorImage()),
      planes: [try ARCoreHitTestTests.floor(y: -1.05)])
    // View (320, 446) looks along (0, -0.412, -1); texel row 446 is inside depth row 111, which
    // sees the floor at z = 125 / 51.5 = 2.4272 m, 2427 mm: the hit is (0, -0.412 · 2.427,
    // -2.427), 2.427 · √(1 + 0.412²) away. A plane 5 cm lower is hit at z = 1.05 / 0.412, further.
    let hits = frame.hitTest(x: 320, y: 446)
    #expect(hits.count == 2)
    let depth = try #require(hits.first)
    guard case .depthPoint(let point) = depth.trackable else {
      Issue.record("expected the depth point first, got \(depth.trackable)")
      return
    }
    let stretch = (1 + 0.412 * 0.412 as Float).squareRoot()
    #expect(point.depthPixel == SIMD2(80, 111))
    #expect(abs(depth.distance - 2.427 * stretch) < 1e-4)
    #expect(
      depth.hitPose.translation.isApproximatelyEqual(
        to: SIMD3(0, -0.412 * 2.427, -2.427), tolerance: 1e-4))
    // The 5 x 5 window's points lie on y = -1 up to 0.5 mm of rounding: the fitted normal is +y
    // within about a degree.
    #expect(depth.hitPose.yAxis.isApproximatelyEqual(to: SIMD3(0, 1, 0), tolerance: 0.02))
    guard case .plane = hits[1].trackable else {
      Issue.record("expected the floor plane second")
      return
    }
    #expect(abs(hits[1].distance - 1.05 / 0.412 * stretch) < 1e-4)
  }

  @Test("No depth point above the horizon, off a ray from elsewhere, or outside AUTOMATIC")
  func noDepthPoint() throws {
    let floor = try Self.floorImage()
    let automatic = try Self.frame(mode: .automatic, depth: .init(depthImage: floor))
    #expect(automatic.hitTest(x: 320, y: 100).isEmpty)
    #expect(automatic.hitTest(origin: SIMD3(0, 0.5, 0), direction: SIMD3(0, -0.4, -1)).isEmpty)
    #expect(!automatic.hitTest(origin: .zero, direction: SIMD3(0, -0.4, -1)).isEmpty)
    for mode in [ARCore.Frame.DepthMode.disabled, .rawDepthOnly] {
      let frame = try Self.frame(mode: mode, depth: .init(depthImage: floor, rawDepthImage: floor))
      #expect(frame.hitTest(x: 320, y: 440).isEmpty, "\(mode.name)")
    }
  }

  @Test("The depth mode decides what may be acquired; a frame without depth is not yet available")
  func acquire() throws {
    let floor = try Self.floorImage()
    let confidence = try ARCore.DepthConfidenceImage(
      width: Self.width, height: Self.height,
      values: floor.millimeters.map { $0 > 0 ? 255 : 0 })
    let depth = ARCore.Frame.Depth(
      depthImage: floor, rawDepthImage: floor, rawDepthConfidenceImage: confidence)
    let automatic = try Self.frame(mode: .automatic, depth: depth)
    #expect(try automatic.acquireDepthImage16Bits() == floor)
    #expect(try automatic.acquireRawDepthImage16Bits() == floor)
    #expect(try automatic.acquireRawDepthConfidenceImage() == confidence)

    let raw = try Self.frame(mode: .rawDepthOnly, depth: depth)
    #expect(
      throws: ARCoreError.depthModeDoesNotProvide(
        image: "acquireDepthImage16Bits", depthMode: .rawDepthOnly)
    ) {
      try raw.acquireDepthImage16Bits()
    }
    #expect(try raw.acquireRawDepthImage16Bits() == floor)

    let disabled = try Self.frame(mode: .disabled, depth: depth)
    #expect(
      throws: ARCoreError.depthModeDoesNotProvide(
        image: "acquireRawDepthImage16Bits", depthMode: .disabled)
    ) {
      try disabled.acquireRawDepthImage16Bits()
    }
    let none = try Self.frame(mode: .automatic, depth: .none)
    #expect(throws: ARCoreError.depthNotYetAvailable(image: "acquireDepthImage16Bits")) {
      try none.acquireDepthImage16Bits()
    }
    let message = ARCoreError.depthModeDoesNotProvide(
      image: "acquireDepthImage16Bits", depthMode: .disabled
    ).description
    #expect(message.contains("DISABLED") && message.contains("AUTOMATIC"), "\(message)")
  }

  @Test("Metres become whole millimetres; no return and depths past 65.535 m become 0")
  func millimetres() throws {
    let map = try DepthMap(
      width: 3, height: 2, depthMeters: [0, 1.2344, 0.0004, 65.535, 70, 2.0006])
    let image = ARCore.DepthImage(map)
    #expect(image.millimeters == [0, 1234, 0, 65535, 0, 2001])
    #expect(image.depthMeters(x: 1, y: 0) == 1.234)
    #expect(image.millimeters(x: 0, y: 0) == nil)
    #expect(image.millimeters(x: 3, y: 0) == nil)
    let data = try DepthData(
      depthMap: map, confidenceMap: [.high, .high, .low, .medium, .low, .high])
    #expect(ARCore.DepthConfidenceImage(data).values == [0, 255, 85, 170, 85, 255])
  }

  @Test("Sizes that disagree are refused")
  func badSizes() throws {
    #expect(throws: ARCoreError.depthImageSizeMismatch(width: 2, height: 2, count: 3)) {
      try ARCore.DepthImage(width: 2, height: 2, millimeters: [1, 2, 3])
    }
    #expect(throws: ARCoreError.depthImageSizeMismatch(width: 0, height: 2, count: 0)) {
      try ARCore.DepthConfidenceImage(width: 0, height: 2, values: [])
    }
    let raw = try ARCore.DepthImage(width: 2, height: 1, millimeters: [1, 2])
    let confidence = try ARCore.DepthConfidenceImage(width: 1, height: 2, values: [1, 2])
    #expect(throws: ARCoreError.depthConfidenceSizeMismatch) {
      try Self.frame(
        mode: .automatic,
        depth: .init(rawDepthImage: raw, rawDepthConfidenceImage: confidence))
    }
  }
}
