import Placement
import SpatialMath
import Testing

@Suite struct MarkerTrackerTests {
  static func tracker(
    _ configure: (inout MarkerTrackerConfiguration) -> Void = { _ in }
  ) throws -> MarkerTracker<AnyPositionFilter> {
    var configuration = MarkerTrackerConfiguration()
    configure(&configuration)
    let filter = try AnyPositionFilter(name: "kalman", parameters: [:])
    return try MarkerTracker(configuration: configuration, filterPrototype: filter)
  }

  static let p = SIMD3<Float>(0.1, -0.2, -0.5)

  @Test func constantSignalConfirmsAfterNHitsAndPassesThrough() throws {
    var tracker = try Self.tracker()
    let m = MarkerMeasurement(label: "fan", position: Self.p)
    #expect(tracker.update(measurements: [m], timestampSeconds: 0).map(\.state) == [.tentative])
    #expect(
      tracker.update(measurements: [m], timestampSeconds: 1.0 / 30).map(\.state) == [.tentative])
    let out = tracker.update(measurements: [m], timestampSeconds: 2.0 / 30)
    #expect(out.map(\.state) == [.confirmed])
    #expect(out.first?.position == Self.p)
    #expect(out.first?.id == 1)
    #expect(out.first?.spreadMeters == 0)
  }

  @Test func tentativeMarkerIsDroppedOnItsFirstMiss() throws {
    var tracker = try Self.tracker()
    tracker.update(
      measurements: [MarkerMeasurement(label: "fan", position: Self.p)], timestampSeconds: 0)
    #expect(tracker.update(measurements: [], timestampSeconds: 1.0 / 30).isEmpty)
    #expect(tracker.statistics.removedMarkerCount == 1)
  }

  @Test func confirmedMarkerCoastsWithoutMovingThenIsRemoved() throws {
    var tracker = try Self.tracker { $0.maximumCoastSeconds = 1 }
    let m = MarkerMeasurement(label: "fan", position: Self.p)
    for i in 0..<3 { tracker.update(measurements: [m], timestampSeconds: Double(i) / 30) }
    let coasting = tracker.update(measurements: [], timestampSeconds: 0.5)
    #expect(coasting.map(\.state) == [.coasting])
    #expect(coasting.first?.position == Self.p)
    #expect(tracker.update(measurements: [], timestampSeconds: 1.0).map(\.position) == [Self.p])
    #expect(tracker.update(measurements: [], timestampSeconds: 1.1).isEmpty)
  }

  @Test func nanMeasurementsAreRejectedAndCountedWithoutChangingState() throws {
    var tracker = try Self.tracker()
    let m = MarkerMeasurement(label: "fan", position: Self.p)
    for i in 0..<3 { tracker.update(measurements: [m], timestampSeconds: Double(i) / 30) }
    let before = tracker.markers
    let bad = [
      MarkerMeasurement(label: "fan", position: SIMD3(.nan, 0, 0)),
      MarkerMeasurement(label: "fan", position: Self.p, confidence: .infinity),
    ]
    let after = tracker.update(measurements: bad + [m], timestampSeconds: 3.0 / 30)
    #expect(tracker.statistics.nonFiniteMeasurementCount == 2)
    #expect(after.map(\.position) == before.map(\.position))
    #expect(after.count == 1)
  }

  @Test func framesWithoutIncreasingTimestampsAreIgnored() throws {
    var tracker = try Self.tracker()
    tracker.update(
      measurements: [MarkerMeasurement(label: "fan", position: Self.p)], timestampSeconds: 1)
    tracker.update(
      measurements: [MarkerMeasurement(label: "fan", position: .zero)], timestampSeconds: 1)
    tracker.update(measurements: [], timestampSeconds: .nan)
    #expect(tracker.statistics.rejectedFrameCount == 2)
    #expect(tracker.markers.count == 1)
  }

  @Test func labelsKeepMeasurementsApart() throws {
    var tracker = try Self.tracker()
    let a = MarkerMeasurement(label: "fan", position: Self.p)
    let b = MarkerMeasurement(label: "ac", position: Self.p + SIMD3(0.002, 0, 0))
    let out = tracker.update(measurements: [a, b], timestampSeconds: 0)
    #expect(out.map(\.label) == ["fan", "ac"])
  }

  /// Two same-label markers move towards each other at 5 cm/s and cross; with a constant-velocity
  /// filter the prediction carries each identity through the crossing.
  @Test func identitiesSurviveACrossing() throws {
    let filter = try AnyPositionFilter(
      name: "kalman",
      parameters: ["process-noise": "1e-3", "initial-speed-std": "0.2", "gate": "off"])
    var tracker = try MarkerTracker(filterPrototype: filter)
    var leftID: Int?
    for i in 0..<180 {
      let t = Double(i) / 30
      let left = SIMD3<Float>(Float(-0.1 + 0.05 * t), 0, -0.5)
      let right = SIMD3<Float>(Float(0.1 - 0.05 * t), 0.004, -0.5)
      let out = tracker.update(
        measurements: [
          MarkerMeasurement(label: "fan", position: right),
          MarkerMeasurement(label: "fan", position: left),
        ],
        timestampSeconds: t)
      if i == 10 { leftID = out.min { $0.position.x < $1.position.x }?.id }
    }
    // After 6 s the left starter is at x = +0.2.
    let finalRightmost = tracker.markers.max { $0.position.x < $1.position.x }
    #expect(tracker.markers.count == 2)
    #expect(finalRightmost?.id == leftID)
  }

  /// k = 2 mutually consistent measurements far from a confirmed marker re-anchor it (same id).
  @Test func reanchorsAfterConsistentRejectedMeasurements() throws {
    var tracker = try Self.tracker { $0.reanchorMeasurementCount = 2 }
    let m = MarkerMeasurement(label: "fan", position: Self.p)
    for i in 0..<5 { tracker.update(measurements: [m], timestampSeconds: Double(i) / 30) }
    let moved = MarkerMeasurement(label: "fan", position: Self.p + SIMD3(0.05, 0, 0))
    let first = tracker.update(measurements: [moved], timestampSeconds: 5.0 / 30)
    #expect(first.map(\.position) == [Self.p])
    #expect(first.map(\.state) == [.coasting])
    let second = tracker.update(measurements: [moved], timestampSeconds: 6.0 / 30)
    #expect(second.map(\.position) == [moved.position])
    #expect(second.map(\.id) == [1])
    #expect(tracker.statistics.reanchorCount == 1)
  }

  /// A single far outlier neither moves the marker nor becomes a shown marker.
  @Test func singleOutlierIsRejected() throws {
    var tracker = try Self.tracker()
    let m = MarkerMeasurement(label: "fan", position: Self.p)
    for i in 0..<5 { tracker.update(measurements: [m], timestampSeconds: Double(i) / 30) }
    let outlier = MarkerMeasurement(label: "fan", position: Self.p + SIMD3(0, 0.08, 0))
    tracker.update(measurements: [m, outlier], timestampSeconds: 5.0 / 30)
    let out = tracker.update(measurements: [m], timestampSeconds: 6.0 / 30)
    #expect(out.map(\.position) == [Self.p])
    #expect(tracker.shownMarkers.count == 1)
  }

  /// Rigid layout: four markers 27 mm apart; the world jumps 2 cm towards the neighbours. All
  /// markers move by the shared jump in the first frame (three measurements agree, the minimum
  /// support), and keep their ids.
  @Test func rigidLayoutMovesAllMarkersTogether() throws {
    var tracker = try Self.tracker { $0.rigidLayout = true }
    let positions: [SIMD3<Float>] = (0..<4).map { Self.p + SIMD3(0.027 * Float($0), 0, 0) }
    let labels = ["a", "b", "a", "c"]
    func measurements(_ shift: SIMD3<Float>) -> [MarkerMeasurement] {
      zip(labels, positions).map { MarkerMeasurement(label: $0, position: $1 + shift) }
    }
    for i in 0..<5 {
      tracker.update(measurements: measurements(.zero), timestampSeconds: Double(i) / 30)
    }
    let ids = tracker.markers.map(\.id)
    let jump = SIMD3<Float>(0.02, 0, 0)
    // One marker is missed in the jump frame: it moves with the others.
    let out = tracker.update(
      measurements: Array(measurements(jump).prefix(3)), timestampSeconds: 5.0 / 30)
    #expect(out.map(\.id) == ids)
    for (marker, p) in zip(out, positions) {
      #expect(marker.position.isApproximatelyEqual(to: p + jump, tolerance: 1e-6))
    }
    #expect(tracker.statistics.rigidReanchorCount == 1)
  }

  @Test func projectionSeamPassesTheWorldPosition() throws {
    var tracker = try MarkerTracker()
    let out = tracker.update(
      measurements: [MarkerMeasurement(label: "fan", position: Self.p)], timestampSeconds: 0)
    let marker = try #require(out.first)
    let point = marker.viewportPoint { Point(x: Double($0.x) * 1000, y: Double($0.y) * 1000) }
    #expect(point?.isApproximatelyEqual(to: Point(x: 100, y: -200), tolerance: 1e-3) == true)
    #expect(marker.viewportPoint { _ in nil } == nil)
    #expect(marker.viewportPoint { _ in Point(x: .nan, y: 0) } == nil)
  }

  @Test func invalidConfigurationFails() throws {
    var configuration = MarkerTrackerConfiguration()
    configuration.associationGateMeters = .nan
    let filter = try AnyPositionFilter(name: "median", parameters: [:])
    #expect(
      throws: ParameterError(
        parameter: "associationGateMeters", value: "nan", requirement: "finite and > 0")
    ) { try MarkerTracker(configuration: configuration, filterPrototype: filter) }
    configuration.associationGateMeters = 0.01
    configuration.rigidMinimumSupport = 0
    #expect(
      throws: ParameterError(parameter: "rigidMinimumSupport", value: "0", requirement: ">= 1")
    ) { try configuration.validate() }
    #expect(!configuration.isValid)
  }
}

/// The tracker's tie rules, on exact ties (symmetric positions whose Float distances are equal
/// bit for bit). Expected values follow from the rules as documented on `MarkerTracker`.
@Suite struct MarkerTrackerTieTests {
  static let a = "a"
  static func m(_ x: Float) -> MarkerMeasurement {
    MarkerMeasurement(label: a, position: SIMD3(x, 0, 0))
  }

  /// One established marker at x = 0; then two frames each with measurements at x = +0.05 and
  /// x = -0.05 (0.05 m from it: outside the 0.012 m gate, inside the 0.15 m re-anchoring
  /// radius). The marker takes one piece of evidence per frame, the nearest; on the tie the
  /// earlier measurement (+0.05) wins. Frame 3: evidence +0.05, and -0.05 starts tentative
  /// marker 2. Frame 4: marker 2 is assigned -0.05 (distance 0); +0.05 is evidence again; two
  /// consistent pieces (k = 2) re-anchor marker 1 at their mean, x = +0.05.
  @Test func evidenceTieGoesToTheEarlierMeasurement() throws {
    var tracker = try MarkerTrackerTests.tracker()
    for i in 0..<3 { tracker.update(measurements: [Self.m(0)], timestampSeconds: Double(i) / 30) }
    try #require(tracker.shownMarkers.map(\.id) == [1])
    tracker.update(measurements: [Self.m(0.05), Self.m(-0.05)], timestampSeconds: 3.0 / 30)
    let out = tracker.update(
      measurements: [Self.m(0.05), Self.m(-0.05)], timestampSeconds: 4.0 / 30)
    #expect(out.map(\.id) == [1, 2])
    #expect(out.first?.position == SIMD3(0.05, 0, 0))
    #expect(out.first?.state == .confirmed)
    #expect(out.last?.position == SIMD3(-0.05, 0, 0))
    #expect(out.last?.state == .tentative)
    #expect(tracker.statistics.reanchorCount == 1)
  }

  /// Two established markers, 1 at x = -0.05 and 2 at x = +0.05; then two frames with one
  /// measurement at x = 0, 0.05 m from both (outside both gates). It is evidence for one marker
  /// only; on the tie the lower id (1) takes it, and after two frames marker 1 re-anchors at
  /// x = 0 while marker 2 stays at +0.05.
  @Test func candidateTieGoesToTheLowerId() throws {
    var tracker = try MarkerTrackerTests.tracker()
    for i in 0..<3 {
      tracker.update(
        measurements: [Self.m(-0.05), Self.m(0.05)], timestampSeconds: Double(i) / 30)
    }
    try #require(tracker.shownMarkers.map(\.id) == [1, 2])
    tracker.update(measurements: [Self.m(0)], timestampSeconds: 3.0 / 30)
    let out = tracker.update(measurements: [Self.m(0)], timestampSeconds: 4.0 / 30)
    #expect(out.map(\.id) == [1, 2])
    #expect(out.map(\.position) == [SIMD3(0, 0, 0), SIMD3(0.05, 0, 0)])
    #expect(out.map(\.state) == [.confirmed, .coasting])
  }
}
