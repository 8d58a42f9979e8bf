import Foundation
import SessionSimulation
import Testing

/// The first four Swift blocks of the article "Testing your placement code" (the other two are
/// the example app's tests), run on the bundled dashboard recording. The expectations come from
/// the recording's truth and from geometry, not from a run of the same code: markers within the
/// article's 30 mm gate of their buttons, and a tracked raycast's result on the ray it was made
/// with.
@Suite("Testing article snippets")
struct TestingArticleSnippetTests {
  static let path = SessionArticleSnippetTests.recordingPath

  @Test func scoresThePlacer() throws {
    var placer = StepPlacer.reference
    // snippet begin
    var session = try SimulatedSession(contentsOfFile: "Scenes/dashboard-portrait.json")
    let score = try session.run { frame in placer.markers(for: frame) }
    #expect(try #require(score.mota) >= 0.8)
    #expect(try #require(score.placementErrorRMSMillimeters) < 30)
    // snippet end
  }

  /// Every observation of the recording through the article's chain, compared with the truth
  /// object of its label: the median distance is within the article's 30 mm.
  @Test func theObservationChainLandsOnTheButtons() throws {
    // snippet begin
    func worldPoint(of observation: Detection, in frame: SimulatedFrame) throws -> SIMD3<Float>? {
      guard let request = frame.visionRequest,
        let display = frame.displayTransform(
          for: frame.viewport.interfaceOrientation, viewportSize: frame.viewport.size)
      else { return nil }
      let vision = try VisionGeometry(
        settings: request, imageResolution: frame.camera.imageResolution)
      let imagePoint = vision.imageNormalizedPoint(forVisionPoint: observation.boundingBox.center)
      let viewportPoint = imagePoint.applying(display)
      // A detected plane's boundary first; an estimated plane where no anchor is hit yet.
      for target in [RaycastQuery.Target.existingPlaneGeometry, .estimatedPlane] {
        if let query = frame.raycastQuery(from: viewportPoint, allowing: target, alignment: .any),
          let hit = frame.raycast(query).first
        {
          return hit.worldPosition
        }
      }
      return nil
    }
    // snippet end
    var session = try SimulatedSession(contentsOfFile: Self.path)
    let truth = try #require(session.truth).objects
    var distancesMeters: [Double] = []
    var observationCount = 0
    while let frame = try session.nextFrame() {
      for observation in frame.observations {
        observationCount += 1
        guard let position = try worldPoint(of: observation, in: frame.observationsFrame) else {
          continue
        }
        let nearest = truth.filter { $0.label == observation.label }
          .map { object -> Double in
            let offset = object.position - SIMD3<Double>(position)
            return (offset * offset).sum().squareRoot()
          }.min()
        distancesMeters.append(try #require(nearest, "no truth object is a \(observation.label)"))
      }
    }
    #expect(observationCount > 100)
    // Most observations hit something (the dashboard's anchor grows over the first frames).
    #expect(distancesMeters.count * 10 >= observationCount * 8, "\(distancesMeters.count)")
    try #require(!distancesMeters.isEmpty)
    let median = distancesMeters.sorted()[distancesMeters.count / 2]
    #expect(median < 0.030, "median \(median) m")
  }

  /// Driving the session by hand: new planes, a tracked raycast through the view's centre, the
  /// tracking state. The tracked result lies on the world ray the query was made with.
  @Test func drivesTheSession() throws {
    let path = Self.path
    // snippet begin
    var session = try SimulatedSession(contentsOfFile: path)
    var planeIdentifiers: Set<String> = []
    var tracked: TrackedRaycastID?
    var trackedPosition: SIMD3<Float>?
    var limitedFrames = 0
    while let frame = try session.nextFrame() {
      for anchor in frame.anchorChanges.added { planeIdentifiers.insert(anchor.identifier) }
      if tracked == nil,
        let query = frame.raycastQuery(
          from: Point(x: 0.5, y: 0.5), allowing: .existingPlaneGeometry, alignment: .any)
      {
        tracked = session.trackedRaycast(query)
      }
      for update in frame.trackedRaycastUpdates where update.id == tracked {
        trackedPosition = update.results.first?.worldPosition
      }
      if case .limited? = frame.camera.trackingState { limitedFrames += 1 }
    }
    // snippet end
    #expect(!planeIdentifiers.isEmpty)
    #expect(tracked != nil)
    // The dashboard recording carries no tracking state (the field is optional), so none is
    // limited.
    #expect(limitedFrames == 0)
    // The query the session tracked: the first frame's centre ray.
    var replay = try SimulatedSession(contentsOfFile: path)
    var firstQuery: RaycastQuery?
    while firstQuery == nil, let frame = try replay.nextFrame() {
      firstQuery = frame.raycastQuery(
        from: Point(x: 0.5, y: 0.5), allowing: .existingPlaneGeometry, alignment: .any)
    }
    let query = try #require(firstQuery)
    let position = try #require(trackedPosition)
    let offset = position - query.origin
    let alongRay = offset.dot(query.direction)
    #expect(alongRay > 0.1, "\(alongRay) m along the ray")
    #expect((offset - alongRay * query.direction).length < 1e-3, "\(position)")
  }

  /// Anchors added while the harness runs: one per label where it was first placed; the
  /// markers shown are the anchors' positions, scored against the truth.
  @Test func addsAnchorsWhileTheHarnessRuns() throws {
    let path = Self.path
    // snippet begin
    var session = try SimulatedSession(contentsOfFile: path)
    let steps = ReferenceSteps()
    var anchorOfLabel: [String: String] = [:]  // label -> anchor identifier
    let score = try session.run { frame, requests in
      for observation in steps.observations(in: frame) where anchorOfLabel[observation.label] == nil
      {
        guard let point = steps.worldPosition(of: observation, in: frame) else { continue }
        let anchor = try AppAnchor(
          identifier: "marker-\(observation.label)",
          transform: Matrix4x4(rotation: .identity, translation: point))
        requests.add(anchor: anchor)
        anchorOfLabel[observation.label] = anchor.identifier
      }
      // Each marker where its anchor is now: corrections move it, a world position would stay.
      return anchorOfLabel.sorted { $0.key < $1.key }.compactMap { label, identifier in
        frame.appAnchors.first { $0.identifier == identifier }.map {
          PlacedMarker(id: .text(label), label: label, position: $0.worldPosition)
        }
      }
    }
    // snippet end
    #expect(!anchorOfLabel.isEmpty)
    #expect(score.diagnosis.isEmpty == false)
  }
}
