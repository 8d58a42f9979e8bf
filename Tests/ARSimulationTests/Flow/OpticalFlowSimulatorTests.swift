import Foundation
import SpatialMath
import Testing

@testable import ARSimulation

@Suite("OpticalFlowSimulator")
struct OpticalFlowSimulatorTests {
  @Test("Exact flow over a plane equals the homography fitted to projected points")
  func exactFlowMatchesIndependentHomography() throws {
    let a = FlowFixtures.camera(at: SIMD3(0.3, 1.5, 0.4), lookingAt: SIMD3(0.1, 0.9, -0.7))
    let b = FlowFixtures.camera(at: SIMD3(0.12, 1.45, 0.3), lookingAt: SIMD3(0.15, 0.85, -0.7))
    let pose = FlowFixtures.dashboardPose
    let corners = [
      SIMD3<Float>(-0.5, 0, -0.3), SIMD3(0.5, 0, -0.3), SIMD3(0.5, 0, 0.3), SIMD3(-0.5, 0, 0.3),
    ]
    .map(pose.transformPoint)
    let inA = corners.compactMap { a.projectToImagePixels($0) }
    let inB = corners.compactMap { b.projectToImagePixels($0) }
    #expect(inA.count == 4 && inB.count == 4)
    let fitted = try #require(homographyFromFourPoints(inA, inB))
    let simulator = OpticalFlowSimulator(surfaces: [FlowFixtures.dashboard])
    var checked = 0
    for u in stride(from: 20.0, to: 1280, by: 60) {
      for v in stride(from: 20.0, to: 720, by: 60) {
        let pixel = Point(x: u, y: v)
        guard let flow = simulator.exactFlow(atImagePixel: pixel, from: a, to: b) else { continue }
        let expected = try #require(fitted.apply(to: pixel))
        #expect(
          Point(x: pixel.x + flow.x, y: pixel.y + flow.y).distance(to: expected) < 0.05,
          "pixel \(pixel)")
        checked += 1
      }
    }
    #expect(checked > 60, "the dashboard covers \(checked) grid pixels")
  }

  @Test("Sparse and dense flow of a sideways slide: (-50, 0) everywhere on the wall")
  func translation() throws {
    let a = FlowFixtures.camera()
    let b = FlowFixtures.camera(SIMD3(0.1, 0, 0))
    var random = SplitMix64(seed: 1)
    let simulator = OpticalFlowSimulator(surfaces: [FlowFixtures.wall])
    let sparse = simulator.flow(
      atImagePixels: [Point(x: 5, y: 5), Point(x: 640, y: 360)], from: a, to: b, using: &random)
    #expect(sparse.count == 2)
    for vector in sparse {
      #expect(try #require(vector).isApproximatelyEqual(to: Point(x: -50, y: 0), tolerance: 1e-3))
    }
    let field = simulator.denseFlow(from: a, to: b, gridSpacingPixels: 80, using: &random)
    // 1280 / 80 = 16 columns, 720 / 80 = 9 rows; cell (0, 0)'s sample is its centre (40, 40).
    #expect(field.columns == 16 && field.rows == 9 && field.vectors.count == 144)
    #expect(field.samplePixel(column: 0, row: 0) == Point(x: 40, y: 40))
    #expect(field.samplePixel(column: 15, row: 8) == Point(x: 1240, y: 680))
    #expect(
      field.vectors.allSatisfy {
        $0?.isApproximatelyEqual(to: Point(x: -50, y: 0), tolerance: 1e-3) ?? false
      })
    let median = try #require(field.medianFlow(in: Rect(x: 100, y: 100, width: 300, height: 200)))
    #expect(median.isApproximatelyEqual(to: Point(x: -50, y: 0), tolerance: 1e-3))
    #expect(field.medianFlow(in: Rect(x: 2000, y: 0, width: 10, height: 10)) == nil)
    #expect(field.vector(column: 16, row: 0) == nil)
  }

  @Test("No surface, no flow; a backdrop depth gives the rotation's flow, which needs no depth")
  func fallbackDepth() throws {
    let a = FlowFixtures.camera()
    let b = FlowFixtures.camera(
      rotation: Quaternion(angle: .radians(atan(0.1)), axis: SIMD3(0, 1, 0)))
    let centre = try #require(a.projectToImagePixels(SIMD3(0, 0, -2)))
    #expect(
      OpticalFlowSimulator(surfaces: []).exactFlow(atImagePixel: centre, from: a, to: b) == nil)
    let backdrop = OpticalFlowSimulator(surfaces: [], fallbackDepthMeters: 7)
    let flow = try #require(backdrop.exactFlow(atImagePixel: centre, from: a, to: b))
    #expect(flow.isApproximatelyEqual(to: Point(x: 100, y: 0), tolerance: 1e-3))
  }

  @Test("A surface in front hides the wall behind it from the target camera")
  func occlusion() throws {
    // A 2 cm square at z = -1, centred at x = -0.05; from A (origin) the wall point seen at the
    // image centre is (0, 0, -2); from B at x = -0.1 the line to it passes the square at
    // x = -0.05 (halfway), so it is hidden.
    let blocker = try! TruthSurface(
      identifier: "blocker",
      worldFromSurface: RigidTransform(
        rotation: Quaternion(angle: .degrees(90), axis: SIMD3(1, 0, 0)),
        translation: SIMD3(-0.05, 0, -1)),
      shape: .rectangle(width: 0.02, height: 0.02))
    let a = FlowFixtures.camera()
    let b = FlowFixtures.camera(SIMD3(-0.1, 0, 0))
    let centre = try #require(a.projectToImagePixels(SIMD3(0, 0, -2)))
    let simulator = OpticalFlowSimulator(surfaces: [FlowFixtures.wall, blocker])
    #expect(simulator.exactFlow(atImagePixel: centre, from: a, to: b) == nil)
    #expect(
      OpticalFlowSimulator(surfaces: [FlowFixtures.wall]).exactFlow(
        atImagePixel: centre, from: a, to: b) != nil)
  }

  @Test("Noise: mean 0, the documented spread, outliers at their rate; same seed, same numbers")
  func noiseStatistics() throws {
    let noise = try OpticalFlowNoise(standardDeviationPixels: 1, relativeStandardDeviation: 0.1)
    var random = SplitMix64(seed: 42)
    let exact = Point(x: 30, y: -40)  // |f| = 50: sigma = sqrt(1 + 5^2) = 5.099
    let n = 4000
    var sum = 0.0
    var sumSquares = 0.0
    for _ in 0..<n {
      let e = try #require(noise.perturb(exact, using: &random)).x - exact.x
      sum += e
      sumSquares += e * e
    }
    let mean = sum / Double(n)
    let sd = (sumSquares / Double(n) - mean * mean).squareRoot()
    #expect(abs(mean) < 0.3, "mean \(mean)")
    #expect(abs(sd - 26.0.squareRoot()) < 0.25, "sd \(sd)")

    let outliers = try OpticalFlowNoise(
      standardDeviationPixels: 0, outlierProbability: 0.2, outlierRangePixels: 100)
    var count = 0
    for _ in 0..<n where try #require(outliers.perturb(exact, using: &random)) != exact {
      count += 1
    }
    #expect(abs(Double(count) / Double(n) - 0.2) < 0.03, "outlier rate \(count)")

    // nil stays nil and draws as much as a vector does.
    var r1 = SplitMix64(seed: 7)
    var r2 = SplitMix64(seed: 7)
    #expect(noise.perturb(nil, using: &r1) == nil)
    _ = noise.perturb(exact, using: &r2)
    #expect(r1.next() == r2.next())
  }

  @Test("Bad noise parameters are refused with their names")
  func badNoise() {
    #expect(
      throws: OpticalFlowNoise.ConfigurationError.notNonNegative("standardDeviationPixels", -1)
    ) {
      try OpticalFlowNoise(standardDeviationPixels: -1)
    }
    #expect(throws: OpticalFlowNoise.ConfigurationError.probabilityOutOfRange(2)) {
      try OpticalFlowNoise(standardDeviationPixels: 0, outlierProbability: 2)
    }
  }
}
