import Foundation
import SceneFormat
import Testing
import _ReplayFixtures

@testable import SceneReplay

/// Carrying boxes between detector results, measured (the `detector-rate` benchmark's example on
/// a short pan): a 10 Hz detector whose results arrive 2 frames late leaves held boxes tens of
/// milliseconds and several pixels behind the buttons; optical flow and the tracker bring them
/// back to the image they are drawn on.
@Suite struct DetectorRateExperimentTests {
  static let rows: [DetectorRateExperiment.Strategy: DetectorRateExperiment.Row] = {
    guard
      let spec = try? DetectorRateExperiment.spec(
        motion: .pan, rateHz: 10, latencyFrames: 2, durationSeconds: 3),
      let recording = try? SceneSynthesizer.recording(spec: spec, seed: 21)
    else { return [:] }
    var rows: [DetectorRateExperiment.Strategy: DetectorRateExperiment.Row] = [:]
    for strategy in DetectorRateExperiment.Strategy.allCases {
      rows[strategy] = try? DetectorRateExperiment.evaluate(
        recording, motion: .pan, rateHz: 10, strategy: strategy)
    }
    return rows
  }()

  @Test func heldBoxesLagTheImage() throws {
    let hold = try #require(Self.rows[.hold])
    print("pan 10 Hz +2: hold \(hold)")
    // A result is 2 frames old when it arrives and 2.5 frames older on average until the next:
    // about 4.5 frames (75 ms) at 60 Hz.
    let lag = try #require(hold.lagMilliseconds)
    #expect(lag >= 50 && lag <= 120, "lag \(lag) ms")
    #expect(hold.detectorResults == 30)
  }

  @Test func opticalFlowAndTheTrackerCarryTheBoxes() throws {
    let hold = try #require(Self.rows[.hold])
    for strategy in [DetectorRateExperiment.Strategy.opticalFlow, .tracker] {
      let carried = try #require(Self.rows[strategy])
      print("pan 10 Hz +2: \(strategy.rawValue) \(carried)")
      let carriedError = try #require(carried.boxErrorMedianPixels)
      let heldError = try #require(hold.boxErrorMedianPixels)
      #expect(carriedError < 0.5 * heldError, "\(strategy): \(carriedError) vs \(heldError) px")
      #expect(try #require(carried.lagMilliseconds) <= 17, "\(strategy) lags")
      #expect(try #require(carried.boxCoverage) > 0.85)
    }
  }
}
