import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

/// `truth.events`: optional, decoded strictly, validated per kind, written only when present (so
/// recordings without events keep their bytes).
@Suite struct RecordingTruthEventTests {
  static let objects =
    #""objects":[{"id":"hazard-1","label":"hazard","position":[0,-1,0],"size":[0.1,0.05,0.1]}]"#

  /// The base fixture with `events` (a JSON array text) added to its truth.
  static func withEvents(_ events: String) -> String {
    RecordingFixtures.base(replacing: objects, with: objects + #","events":"# + events)
  }

  func decode(_ text: String, strict: Bool = false) throws -> Recording {
    try Recording(jsonBytes: Array(text.utf8), file: "scene.json", strict: strict)
  }

  @Test func decodesJumpsAndLossesStrictly() throws {
    let text = Self.withEvents(
      #"[{"kind":"trackingJump","timestamp":6.5,"offsetMeters":[0.011,0,-0.002]},"#
        + #"{"kind":"trackingLost","timestamp":7,"endTimestamp":7.5}]"#)
    let events = try #require(try decode(text, strict: true).header.truth?.events)
    #expect(
      events == [
        .trackingJump(timestamp: 6.5, offsetMeters: SIMD3(0.011, 0, -0.002)),
        .trackingLost(timestamp: 7, endTimestamp: 7.5),
      ])
  }

  @Test func decodesDriftsAndCorrectionsAndRoundTrips() throws {
    let text = Self.withEvents(
      #"[{"kind":"trackingDrift","timestamp":5,"velocityMetersPerSecond":[0.01,0,0.02]},"#
        + #"{"kind":"trackingCorrection","timestamp":7,"fraction":0.8,"radiusMeters":1.5,"#
        + #""falloffMeters":1}]"#)
    let recording = try decode(text, strict: true)
    #expect(
      recording.header.truth?.events == [
        .trackingDrift(timestamp: 5, velocityMetersPerSecond: SIMD3(0.01, 0, 0.02)),
        .trackingCorrection(timestamp: 7, fraction: 0.8, radiusMeters: 1.5, falloffMeters: 1),
      ])
    let bytes = try recording.jsonBytes()
    #expect(try Recording(jsonBytes: bytes) == recording)
    #expect(
      String(decoding: bytes, as: UTF8.self).contains(
        #"{"falloffMeters":1,"fraction":0.8,"kind":"trackingCorrection","radiusMeters":1.5,"timestamp":7}"#
      ))
  }

  @Test func decodesInterruptionsAndTheirRelocalizingIntervals() throws {
    let text = Self.withEvents(
      #"[{"kind":"trackingInterrupted","timestamp":4,"endTimestamp":6,"#
        + #""offsetMeters":[-0.3,0,0],"relocalizedTimestamp":11},"#
        + #"{"kind":"trackingInterrupted","timestamp":20,"endTimestamp":21,"#
        + #""offsetMeters":[0,0.1,0],"resetTimestamp":23}]"#)
    let recording = try decode(text, strict: true)
    let events = try #require(recording.header.truth?.events)
    #expect(
      events == [
        .trackingInterrupted(
          timestamp: 4, endTimestamp: 6, offsetMeters: SIMD3(-0.3, 0, 0),
          relocalizedTimestamp: 11),
        .trackingInterrupted(
          timestamp: 20, endTimestamp: 21, offsetMeters: SIMD3(0, 0.1, 0), resetTimestamp: 23),
      ])
    // Relocalizing runs from the end of the gap to relocalization or reset.
    #expect(events[0].relocalizingInterval?.start == 6)
    #expect(events[0].relocalizingInterval?.end == 11)
    #expect(events[1].relocalizingInterval?.end == 23)
    let loss = RecordingTruthEvent.trackingLost(timestamp: 1, endTimestamp: 2)
    #expect(loss.relocalizingInterval == nil)
    let bytes = try recording.jsonBytes()
    #expect(try Recording(jsonBytes: bytes) == recording)
  }

  @Test func roundTripsByteStable() throws {
    let text = Self.withEvents(
      #"[{"kind":"trackingLost","timestamp":1,"endTimestamp":1.25,"note":"kept"}]"#)
    let recording = try decode(text)
    #expect(recording.header.truth?.events.first?.extras["note"] == .string("kept"))
    let bytes = try recording.jsonBytes()
    let again = try Recording(jsonBytes: bytes)
    #expect(again == recording)
    #expect(try again.jsonBytes() == bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self).contains(
        #""events":[{"endTimestamp":1.25,"kind":"trackingLost","note":"kept","timestamp":1}]"#))
  }

  @Test func recordingsWithoutEventsDoNotGainTheMember() throws {
    let recording = try decode(RecordingFixtures.base)
    #expect(recording.header.truth?.events == [])
    #expect(!String(decoding: try recording.jsonBytes(), as: UTF8.self).contains("events"))
  }

  @Test(arguments: [
    (
      #"[{"kind":"jump","timestamp":1}]"#,
      "truth.events[0].kind: unknown event kind \"jump\"; valid: trackingJump, trackingLost, "
        + "trackingDrift, trackingCorrection, trackingInterrupted"
    ),
    (
      #"[{"kind":"trackingDrift","timestamp":0}]"#,
      "truth.events[0].velocityMetersPerSecond: a trackingDrift needs \"velocityMetersPerSecond\""
    ),
    (
      #"[{"kind":"trackingCorrection","timestamp":1,"fraction":1.5,"radiusMeters":1,"falloffMeters":0}]"#,
      "truth.events[0].fraction: must be in 0...1, got 1.5"
    ),
    (
      #"[{"kind":"trackingCorrection","timestamp":1,"fraction":1,"radiusMeters":-1,"falloffMeters":0}]"#,
      "truth.events[0].radiusMeters: must be >= 0, got -1"
    ),
    (
      #"[{"kind":"trackingCorrection","timestamp":1,"fraction":1,"radiusMeters":1}]"#,
      "truth.events[0].falloffMeters: a trackingCorrection needs \"falloffMeters\""
    ),
    (
      #"[{"kind":"trackingCorrection","timestamp":1,"fraction":1,"radiusMeters":1,"falloffMeters":0,"offsetMeters":[0,0,0]}]"#,
      "truth.events[0].offsetMeters: a trackingCorrection has no \"offsetMeters\""
    ),
    (
      #"[{"kind":"trackingJump","timestamp":1,"offsetMeters":[0,0,0],"fraction":1}]"#,
      "truth.events[0].fraction: a trackingJump has no \"fraction\""
    ),
    (
      #"[{"kind":"trackingJump","timestamp":1}]"#,
      "truth.events[0].offsetMeters: a trackingJump needs \"offsetMeters\""
    ),
    (
      #"[{"kind":"trackingLost","timestamp":2,"endTimestamp":2}]"#,
      "truth.events[0].endTimestamp: must be after timestamp 2, got 2"
    ),
    (
      #"[{"kind":"trackingLost","timestamp":2}]"#,
      "truth.events[0].endTimestamp: a trackingLost needs \"endTimestamp\""
    ),
    (
      #"[{"kind":"trackingLost","timestamp":1,"endTimestamp":2,"offsetMeters":[0,0,0]}]"#,
      "truth.events[0].offsetMeters: a trackingLost has no \"offsetMeters\""
    ),
    (
      #"[{"kind":"trackingJump","timestamp":1,"offsetMeters":[0,0,0]},{"timestamp":1}]"#,
      "truth.events[1]: missing required member \"kind\""
    ),
    (
      #"[{"kind":"trackingInterrupted","timestamp":4,"offsetMeters":[0,0,0]}]"#,
      "truth.events[0].endTimestamp: a trackingInterrupted needs \"endTimestamp\""
    ),
    (
      #"[{"kind":"trackingInterrupted","timestamp":4,"endTimestamp":6}]"#,
      "truth.events[0].offsetMeters: a trackingInterrupted needs \"offsetMeters\""
    ),
    (
      #"[{"kind":"trackingInterrupted","timestamp":4,"endTimestamp":6,"offsetMeters":[0,0,0],"#
        + #""relocalizedTimestamp":7,"resetTimestamp":8}]"#,
      "truth.events[0].resetTimestamp: a trackingInterrupted either relocalized or was reset, "
        + "not both"
    ),
    (
      #"[{"kind":"trackingInterrupted","timestamp":4,"endTimestamp":6,"offsetMeters":[0,0,0],"#
        + #""relocalizedTimestamp":5}]"#,
      "truth.events[0].relocalizedTimestamp: must not be before endTimestamp 6, got 5"
    ),
    (
      #"[{"kind":"trackingJump","timestamp":1,"offsetMeters":[0,0,0],"resetTimestamp":2}]"#,
      "truth.events[0].resetTimestamp: a trackingJump has no \"resetTimestamp\""
    ),
    (#"{}"#, "truth.events: expected an array, got object"),
  ])
  func refusesBadEventsNamingThePath(events: String, expected: String) {
    let error = #expect(throws: InputFileError.self) { try decode(Self.withEvents(events)) }
    #expect(error?.description == "scene.json: " + expected)
  }

  @Test func strictModeNamesUnknownMembersOfAnEvent() {
    let text = Self.withEvents(#"[{"kind":"trackingLost","timestamp":1,"endTimestamp":2,"x":1}]"#)
    let error = #expect(throws: InputFileError.self) { try decode(text, strict: true) }
    #expect(error?.description == "scene.json: truth.events[0].x: unknown member (strict mode)")
  }

  @Test func kindNamesMatchTheSchemaEnum() throws {
    let schema = RecordingFixtures.packageRoot()
      .appendingPathComponent("Scenes/schema/recording.schema.json")
    let data = try #require(FileManager.default.contents(atPath: schema.path))
    let root = try data.withUnsafeBytes { try JSONParser.parse($0.bindMemory(to: UInt8.self)) }
    guard case .object(let top) = root, case .object(let defs)? = top["$defs"],
      case .object(let event)? = defs["truthEvent"],
      case .object(let properties)? = event["properties"],
      case .object(let kind)? = properties["kind"], case .array(let names)? = kind["enum"]
    else {
      Issue.record("no $defs.truthEvent.properties.kind.enum in the schema")
      return
    }
    #expect(names == RecordingTruthEvent.Kind.allNames.map { .string($0) })
  }
}
