import Foundation
import SessionSimulation
import Testing

/// The diagnosis names the mistake in placement code written independently of the catalogue
/// (``UserPlacers``: other APIs, another smoother), on each mistake's bench scene; and it names
/// the correct placement for correct code.
@Suite struct DiagnosisTests {
  static func diagnose(_ place: @escaping UserPlacers.Place, on scene: String) throws
    -> PlacementScore
  {
    var session = try CatalogueBench.session(scene)
    return try session.run(PlacementHarness(), UserPlacers.markers(place))
  }

  @Test func correctCodeFitsTheCorrectPlacement() throws {
    let score = try Self.diagnose(UserPlacers.correct, on: "placement-bench")
    #expect(score.bestFit?.mistakeID == "none", "\(score.diagnosis.prefix(3))")
  }

  @Test(arguments: UserPlacers.mistakes.keys.sorted())
  func diagnosisNamesTheMistake(id: String) throws {
    let mistake = try #require(PlacementMistake.named(id))
    let scene = try #require(try CatalogueBench.scene(for: mistake))
    let place = try #require(UserPlacers.mistakes[id])
    let score = try Self.diagnose(place, on: scene)
    #expect(
      score.bestFit?.mistakeID == id,
      "\(id) on \(scene): \(score.diagnosis.prefix(3).map { "\($0.mistakeID) \(String(describing: $0.residualMillimeters))" })"
    )
  }

  @Test func everyCatalogueMistakeHasAUserPlacer() {
    #expect(Set(UserPlacers.mistakes.keys) == Set(PlacementMistake.catalogue.map(\.id)))
  }
}
