import Testing
import _TestSupport

@testable import SceneFormat

/// `frames[i].appAnchors`: optional, validated (identifiers unique with the planes', rigid
/// transforms), written only when present.
@Suite struct RecordingAppAnchorTests {
  static let planes = #""planes":["#

  static func withAnchors(_ anchors: String) -> String {
    RecordingFixtures.base(replacing: planes, with: #""appAnchors":"# + anchors + "," + planes)
  }

  func decode(_ text: String, strict: Bool = false) throws -> Recording {
    try Recording(jsonBytes: Array(text.utf8), file: "scene.json", strict: strict)
  }

  @Test func decodesAndRoundTrips() throws {
    let text = Self.withAnchors(
      #"[{"identifier":"A1","name":"hazard","transform":[1,0,0,0,0,1,0,0,0,0,1,0,0.1,0.2,-1,1]}]"#)
    let recording = try decode(text, strict: true)
    let anchors = try #require(recording.frames[1].appAnchors)
    #expect(anchors.count == 1)
    #expect(anchors[0].name == "hazard")
    let domain = try anchors[0].appAnchor()
    #expect(domain.worldPosition == SIMD3(0.1, 0.2, -1))
    #expect(recording.frames[0].appAnchors == nil)
    let bytes = try recording.jsonBytes()
    #expect(try Recording(jsonBytes: bytes) == recording)
    #expect(
      !String(decoding: try decode(RecordingFixtures.base).jsonBytes(), as: UTF8.self)
        .contains("appAnchors"))
  }

  @Test(arguments: [
    (
      #"[{"identifier":"P1","transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}]"#,
      "frames[1].appAnchors[0].identifier: duplicate anchor identifier \"P1\""
    ),
    (
      #"[{"identifier":"A","transform":[2,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}]"#,
      "frames[1].appAnchors[0].transform: transform must be rigid"
    ),
    (
      #"[{"identifier":"","transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}]"#,
      "frames[1].appAnchors[0].identifier: anchor identifier must not be empty"
    ),
    (
      #"[{"identifier":"A","transform":[1,0,0]}]"#,
      "frames[1].appAnchors[0].transform"
    ),
  ])
  func refusesBadAnchorsNamingThePath(anchors: String, expected: String) {
    let error = #expect(throws: InputFileError.self) { try decode(Self.withAnchors(anchors)) }
    #expect(
      error?.description.hasPrefix("scene.json: " + expected) == true,
      "\(String(describing: error))")
  }
}
