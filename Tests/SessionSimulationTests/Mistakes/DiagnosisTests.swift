import Foundation
import SessionSimulation
import Testing

/// The diagnosis names the mistake in placement code written independently of the catalogue
/// (``UserPlacers``: other APIs, another smoother), on each mistake's bench scene; and it names
/// the correct placement for correct code.
@Suite struct DiagnosisTests {
  static func diagnose(_ make: UserPlacers.Make, on scene: String, keepingMarkers: Bool = false)
    throws -> PlacementScore
  {
    var session = try CatalogueBench.session(scene)
    return try session.run(
      PlacementHarness(), UserPlacers.markers(make, keepingMarkers: keepingMarkers))
  }

  /// Correct code that attaches its markers to anchors (``UserAnchoredSmoother``) is not taken
  /// for world-fixed markers on the scene where tracking corrects itself while the markers are
  /// out of view: the correct placement fits it better. (Its exponential smoothing lags like a
  /// camera one frame late on the glance's turns, which can fit as well as the correct one.)
  @Test func anchoredCodeFitsTheCorrectPlacementAfterCorrections() throws {
    var session = try CatalogueBench.session("dashboard-glance-away")
    var smoother = UserAnchoredSmoother()
    let points = UserPlacers.eachObservation(UserPlacers.correct)()
    let score = try session.run(PlacementHarness()) { frame, requests in
      smoother.update(points(frame), in: frame, requests: &requests)
    }
    let order = score.diagnosis.map(\.mistakeID)
    let correct = try #require(order.firstIndex(of: "none"))
    let worldFixed = try #require(order.firstIndex(of: "world-fixed-markers"))
    #expect(correct < worldFixed, "\(score.diagnosis.prefix(4))")
    #expect(score.bestFit?.mistakeID != "world-fixed-markers")
  }

  /// Correct code that hides its markers and places nothing while the camera relocalizes (it
  /// checks the tracking state itself) is not taken for markers shown before relocalization.
  @Test func codeThatHidesWhileRelocalizingFitsTheCorrectPlacement() throws {
    var session = try CatalogueBench.session("dashboard-interrupted")
    let markers = UserPlacers.markers(UserPlacers.eachObservation(UserPlacers.correct))
    let score = try session.run(PlacementHarness()) { frame in
      frame.camera.trackingState == .limited(.relocalizing) ? [] : markers(frame)
    }
    let order = score.diagnosis.map(\.mistakeID)
    let correct = try #require(order.firstIndex(of: "none"))
    let shown = try #require(order.firstIndex(of: "shown-before-relocalization"))
    #expect(correct < shown, "\(score.diagnosis.prefix(4))")
  }

  @Test func correctCodeFitsTheCorrectPlacement() throws {
    let score = try Self.diagnose(
      UserPlacers.eachObservation(UserPlacers.correct), on: "placement-bench")
    #expect(score.bestFit?.mistakeID == "none", "\(score.diagnosis.prefix(3))")
  }

  /// Correct depth code (a 3 x 3 mean of confident pixels, intrinsics scaled by hand) on the
  /// depth bench fits the correct placement: the correct depth placement, since its plane
  /// raycasts miss the curved dashboard's buttons.
  @Test func correctDepthCodeFitsTheCorrectPlacement() throws {
    let score = try Self.diagnose(
      UserPlacers.eachObservation(UserPlacers.correctDepth), on: "depth-bench")
    #expect(score.bestFit?.mistakeID == "none", "\(score.diagnosis.prefix(3))")
    #expect(try #require(score.mota) > 0.9)
  }

  /// Mistakes the diagnosis does not single out on their bench scene, with what it names
  /// instead: a result 2 frames late moves markers by a few millimetres, and skipping NMS
  /// places so many points near every object that it fits such small offsets slightly better
  /// (3.3 mm against 3.6 mm when measured).
  static let nearMisses = ["late-result-current-camera": "nms-skipped"]

  @Test func mostMistakesAreNamed() {
    #expect(UserPlacers.mistakes.count - Self.nearMisses.count >= 8)
  }

  @Test(arguments: UserPlacers.mistakes.keys.sorted())
  func diagnosisNamesTheMistake(id: String) throws {
    let mistake = try #require(PlacementMistake.named(id))
    let scene = try #require(try CatalogueBench.scene(for: mistake))
    let make = try #require(UserPlacers.mistakes[id])
    let score = try Self.diagnose(
      make, on: scene, keepingMarkers: UserPlacers.keepsMarkers.contains(id))
    let runnerUp = score.diagnosis.dropFirst().first?.mistakeID
    if let named = Self.nearMisses[id] {
      // Named as the near miss, with the mistake right behind it.
      #expect(score.bestFit?.mistakeID == named)
      #expect(runnerUp == id, "\(score.diagnosis.prefix(3))")
      return
    }
    #expect(
      score.bestFit?.mistakeID == id,
      "\(id) on \(scene): \(score.diagnosis.prefix(3).map { "\($0.mistakeID) \(String(describing: $0.residualMillimeters))" })"
    )
  }

  @Test func everyCatalogueMistakeHasAUserPlacer() {
    #expect(Set(UserPlacers.mistakes.keys) == Set(PlacementMistake.catalogue.map(\.id)))
  }
}
