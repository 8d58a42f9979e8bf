import Foundation
import SpatialMath
import Testing

@testable import ARSimulation

@Suite("SimulatedObjectTracker")
struct SimulatedObjectTrackerTests {
  static let wallMotion = OpticalFlowSimulator(surfaces: [FlowFixtures.wall])

  static func geometry(_ orientation: ImageOrientation) throws -> VisionGeometry {
    try VisionGeometry(
      settings: .imageRequest(orientation: orientation), imageResolution: FlowFixtures.resolution,
      requestType: .trackObject)
  }

  @Test("A perfect tracker follows a 10 cm/frame slide: x falls by 50/1280 per frame (.up)")
  func followsTrueMotionUp() throws {
    let box = Rect(x: 0.4, y: 0.45, width: 0.1, height: 0.1)
    var tracker = SimulatedObjectTracker(
      boundingBox: box, geometry: try Self.geometry(.up), camera: FlowFixtures.camera(),
      model: .perfect, seed: 1)
    for frame in 1...3 {
      let tracked = tracker.track(
        to: FlowFixtures.camera(SIMD3(0.1 * Float(frame), 0, 0)), motion: Self.wallMotion)
      let observation = try #require(tracked)
      // Every wall pixel moves by -50 px per frame (f t / d = 1000 * 0.1 / 2).
      let expected = Rect(
        x: 0.4 - Double(frame) * 50 / 1280, y: 0.45, width: 0.1, height: 0.1)
      #expect(observation.boundingBox.isApproximatelyEqual(to: expected, tolerance: 1e-5))
      #expect(observation.confidence == 1)
    }
  }

  @Test("In portrait (.right) the same slide moves the box up the upright image (Vision y grows)")
  func followsTrueMotionRight() throws {
    // .right: oriented (x', y') = (1 - y, x) top-left, so a stored-image x motion of -50 px is an
    // oriented y' motion of -50/1280 (upwards), which is +50/1280 in Vision's lower-left y.
    let box = Rect(x: 0.4, y: 0.45, width: 0.1, height: 0.1)
    var tracker = SimulatedObjectTracker(
      boundingBox: box, geometry: try Self.geometry(.right), camera: FlowFixtures.camera(),
      model: .perfect, seed: 1)
    let tracked = tracker.track(to: FlowFixtures.camera(SIMD3(0.1, 0, 0)), motion: Self.wallMotion)
    let observation = try #require(tracked)
    #expect(
      observation.boundingBox.isApproximatelyEqual(
        to: Rect(x: 0.4, y: 0.45 + 50.0 / 1280, width: 0.1, height: 0.1), tolerance: 1e-5))
  }

  @Test("Confidence decays geometrically and the object is lost below the minimum")
  func confidenceDecayAndLoss() throws {
    // 0.9^6 = 0.531 >= 0.5 > 0.9^7 = 0.478: six frames tracked, lost on the seventh.
    let model = try ObjectTrackerModel(
      driftPixelsPerFrame: 0, scaleDriftPerFrame: 0, confidenceDecayPerFrame: 0.1,
      confidenceLossPerPixelOfMotion: 0, lossProbabilityPerFrame: 0, minimumConfidence: 0.5)
    var tracker = SimulatedObjectTracker(
      boundingBox: Rect(x: 0.4, y: 0.4, width: 0.1, height: 0.1), geometry: try Self.geometry(.up),
      camera: FlowFixtures.camera(), model: model, seed: 3)
    let still = FlowFixtures.camera()
    for frame in 1...6 {
      let tracked = tracker.track(to: still, motion: Self.wallMotion)
      let observation = try #require(tracked)
      #expect(abs(observation.confidence - pow(0.9, Double(frame))) < 1e-12)
    }
    let seventh = tracker.track(to: still, motion: Self.wallMotion)
    #expect(seventh == nil)
    #expect(tracker.isLost)
    let eighth = tracker.track(to: still, motion: Self.wallMotion)
    #expect(eighth == nil)
  }

  @Test("Lost when the box leaves the image or sees no surface")
  func lostOutOfView() throws {
    var tracker = SimulatedObjectTracker(
      boundingBox: Rect(x: 0.02, y: 0.4, width: 0.02, height: 0.1),
      geometry: try Self.geometry(.up),
      camera: FlowFixtures.camera(), model: .perfect, seed: 1)
    // Box centre at x = 0.03 * 1280 = 38.4 px; a 10 cm slide moves it to -11.6 px.
    let left = tracker.track(to: FlowFixtures.camera(SIMD3(0.1, 0, 0)), motion: Self.wallMotion)
    #expect(left == nil)
    var blind = SimulatedObjectTracker(
      boundingBox: Rect(x: 0.4, y: 0.4, width: 0.1, height: 0.1), geometry: try Self.geometry(.up),
      camera: FlowFixtures.camera(), model: .perfect, seed: 1)
    let unseen = blind.track(to: FlowFixtures.camera(), motion: OpticalFlowSimulator(surfaces: []))
    #expect(unseen == nil)
  }

  @Test("Drift is a random walk: RMS displacement sqrt(2 n) sigma after n still frames")
  func driftRandomWalk() throws {
    let model = try ObjectTrackerModel(
      driftPixelsPerFrame: 1, scaleDriftPerFrame: 0, confidenceDecayPerFrame: 0,
      confidenceLossPerPixelOfMotion: 0, lossProbabilityPerFrame: 0, minimumConfidence: 0)
    let start = Rect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
    let geometry = try Self.geometry(.up)
    let still = FlowFixtures.camera()
    var sumSquares = 0.0
    let runs = 300
    let frames = 64
    for seed in 0..<runs {
      var tracker = SimulatedObjectTracker(
        boundingBox: start, geometry: geometry, camera: still, model: model, seed: UInt64(seed))
      var last = start
      for _ in 0..<frames {
        let tracked = tracker.track(to: still, motion: Self.wallMotion)
        last = try #require(tracked).boundingBox
      }
      let dx = (last.midX - start.midX) * 1280
      let dy = (last.midY - start.midY) * 720
      sumSquares += dx * dx + dy * dy
    }
    let rms = (sumSquares / Double(runs)).squareRoot()
    // Expected sqrt(2 * 64) * 1 = 11.3 px; 300 runs estimate it within about 5 %.
    #expect(abs(rms - 128.0.squareRoot()) < 0.1 * 128.0.squareRoot(), "rms \(rms)")
  }

  @Test("Bad model parameters are refused with their names")
  func badModel() {
    #expect(throws: ObjectTrackerModel.ConfigurationError.self) {
      try ObjectTrackerModel(lossProbabilityPerFrame: 1.5)
    }
  }
}
