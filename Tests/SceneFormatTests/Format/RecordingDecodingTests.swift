import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

@Suite struct RecordingDecodingTests {
  func decode(_ text: String, strict: Bool = false) throws -> Recording {
    try Recording(jsonBytes: Array(text.utf8), file: "scene.json", strict: strict)
  }

  @Test func decodesTheCanonicalFieldsOfTheBaseFixture() throws {
    let recording = try decode(RecordingFixtures.base)
    #expect(recording.header.vision?.cropAndScale == .centerCrop)
    #expect(recording.header.vision?.modelInputSize == Size(width: 416, height: 416))
    #expect(recording.header.vision?.orientation == .right)
    #expect(recording.header.vision?.regionOfInterest == Rect.unit)
    #expect(recording.header.viewport?.size == Size(width: 390, height: 844))
    #expect(recording.header.viewport?.interfaceOrientation == .portrait)
    #expect(recording.frames.count == 2)
    let frame = recording.frames[1]
    #expect(frame.timestamp == 1.5)
    #expect(frame.camera.intrinsics == [1445, 0, 0, 0, 1445, 0, 959.5, 719.5, 1])
    #expect(frame.camera.imageResolution == Size(width: 1920, height: 1440))
    // worldFromCamera maps camera +x to world +y (first column) and sits at (0.5, 1.25, -2).
    let pose = try #require(frame.camera.worldFromCamera)
    #expect(pose.transformPoint(SIMD3(1, 0, 0)) == SIMD3(0.5, 2.25, -2))
    #expect(frame.displayTransform == AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0))
    #expect(frame.planes.map(\.identifier) == ["P1", "P2"])
    #expect(frame.planes[0].classification == .table)
    #expect(frame.planes[1].alignment == .vertical)
    #expect(frame.planes[1].extent.rotationOnYAxisRadians == 0.25)
    #expect(frame.planes[0].boundary.count == 4)
    #expect(frame.featurePoints?.points == [SIMD3(0.1, 0.2, -1), SIMD3(0.3, -0.4, -2)])
    #expect(frame.featurePoints?.identifiers == [7, 8])
    #expect(
      frame.detections.first?.boundingBox == Rect(x: 0.25, y: 0.5, width: 0.125, height: 0.25))
    #expect(frame.detections.first?.labels?.map(\.identifier) == ["hazard", "button"])
    #expect(recording.header.truth?.objects.first?.position == SIMD3(0, -1, 0))
    #expect(recording.frames[0].planes.isEmpty && recording.frames[0].detections.isEmpty)
    #expect(recording.frames[0].featurePoints == nil)
  }

  @Test func roundTripsThroughJSONAndIsByteStable() throws {
    let recording = try decode(RecordingFixtures.base)
    let bytes = try recording.jsonBytes()
    let again = try Recording(jsonBytes: bytes)
    #expect(again == recording)
    #expect(try again.jsonBytes() == bytes)
  }

  @Test func writesKeysInSortedOrder() throws {
    let text = String(decoding: try decode(RecordingFixtures.base).jsonBytes(), as: UTF8.self)
    #expect(
      text.hasPrefix(
        #"{"format":"arplacementsim.recording","frames":[{"camera":{"imageResolution":[1280,720],"intrinsics":[1000,0,0,0,1000,0,640,360,1],"transform""#
      ))
    #expect(
      text.hasSuffix(
        #""version":1,"viewport":{"interfaceOrientation":"portrait","size":[390,844]},"vision":{"cropAndScale":"centerCrop","modelInputSize":[416,416],"orientation":"right","regionOfInterest":[0,0,1,1]}}"#
          + "\n"))
  }

  @Test func preservesUnknownFieldsWhenRewriting() throws {
    var text = RecordingFixtures.base
    text = text.replacingOccurrences(
      of: #"{"format":"#, with: #"{"device":{"model":"iPhone14,2"},"format":"#)
    text = text.replacingOccurrences(
      of: #""imageResolution":[1920,1440]"#,
      with: #""imageResolution":[1920,1440],"exposureSeconds":0.01"#)
    text = text.replacingOccurrences(
      of: #""timestamp":1.5,"#, with: #""timestamp":1.5,"lightEstimate":{"ambientIntensity":1000},"#
    )
    let recording = try decode(text)
    #expect(recording.header.extras == ["device": .object(["model": .string("iPhone14,2")])])
    #expect(recording.frames[1].camera.extras == ["exposureSeconds": .number(0.01)])
    #expect(
      recording.frames[1].extras == ["lightEstimate": .object(["ambientIntensity": .number(1000)])])
    let written = String(decoding: try recording.jsonBytes(), as: UTF8.self)
    #expect(written.contains(#""device":{"model":"iPhone14,2"}"#))
    #expect(written.contains(#""exposureSeconds":0.01"#))
    #expect(written.contains(#""lightEstimate":{"ambientIntensity":1000}"#))
  }

  @Test func strictModeReportsTheFirstUnknownFieldByPath() throws {
    let text = RecordingFixtures.base(
      replacing: #""label":"hazard","#, with: #""label":"hazard","zeta":1,"note":"x","#)
    #expect(throws: Never.self) { try decode(text) }
    let error = #expect(throws: InputFileError.self) { try decode(text, strict: true) }
    #expect(error?.kind == .unknownField)
    #expect(
      error?.description == "scene.json: frames[1].detections[0].note: unknown member (strict mode)"
    )
  }

  @Test func refusesAnUnknownVersionBeforeReadingAnythingElse() {
    let text = #"{"format":"arplacementsim.recording","version":2,"frames":"whatever","vision":7}"#
    let error = #expect(throws: InputFileError.self) { try decode(text) }
    #expect(error?.kind == .unsupportedVersion)
    #expect(
      error?.description
        == "scene.json: version: version 2 is not supported; this build reads version 1")
  }

  @Test func refusesAnotherFormat() {
    let error = #expect(throws: InputFileError.self) {
      try decode(#"{"format":"other","version":1,"frames":[]}"#)
    }
    #expect(
      error?.description
        == #"scene.json: format: format "other" is not "arplacementsim.recording"; this build reads only recordings"#
    )
  }

  @Test func namesLineAndColumnOfSyntaxErrors() {
    let error = #expect(throws: InputFileError.self) { try decode("{\"format\":\n  \"x\",]") }
    #expect(
      error?.description == "scene.json:2:7: expected a member name in double quotes, got ']'")
  }

  /// Each row breaks one rule of the Recording Format article in frame 1 (or the header) of the base fixture.
  @Test(arguments: [
    (
      #""intrinsics":[1445,0"#, #""intrinsics":[0,0"#,
      "frames[1].camera.intrinsics[0]: focal length must be > 0, got 0"
    ),
    (
      "0,1445,0,959.5", "0,-2,0,959.5",
      "frames[1].camera.intrinsics[4]: focal length must be > 0, got -2"
    ),
    // Held as Float: a subnormal focal length (1e-40 < 1.1754944e-38) and a value past
    // Float's largest (3.4028235e+38) are refused with the element, not rounded to 0 or inf.
    (
      #""intrinsics":[1445,0"#, #""intrinsics":[1e-40,0"#,
      "frames[1].camera.intrinsics[0]: focal length must be at least Float's smallest normal "
        + "value (1.1754944e-38), got 1e-40"
    ),
    (
      ",959.5,719.5,1]", ",4e38,719.5,1]",
      "frames[1].camera.intrinsics[6]: must be within Float's range (magnitude at most "
        + "3.4028235e+38), got 4e+38"
    ),
    (
      "0.5,1.25,-2,1]", "0.5,-1e39,-2,1]",
      "frames[1].camera.transform[13]: must be within Float's range (magnitude at most "
        + "3.4028235e+38), got -1e+39"
    ),
    (",959.5,719.5,1]", ",959.5,719.5]", "frames[1].camera.intrinsics: expected 9 numbers, got 8"),
    ("0.5,1.25,-2,1]", "0.5,1.25,-2]", "frames[1].camera.transform: expected 16 numbers, got 15"),
    (
      "0.5,1.25,-2,1]", #"0.5,"1.25",-2,1]"#,
      "frames[1].camera.transform[13]: expected a number, got string"
    ),
    (
      #""transform":[0,1,0,0,-1"#, #""transform":[0,2,0,0,-1"#,
      "frames[1].camera.transform: not a rigid transform: rotation columns are not orthonormal (max |RᵀR - I| = 3, tolerance 0.001)"
    ),
    (
      "0,0,1,0,0.5,1.25", "0,0,-1,0,0.5,1.25",
      "frames[1].camera.transform: not a rigid transform: rotation is a reflection (det = -1)"
    ),
    (
      "[1920,1440]", "[1920,0]",
      "frames[1].camera.imageResolution[1]: image height must be > 0, got 0"
    ),
    (
      "[0.25,0.5,0.125,0.25]", "[0.25,0.875,0.125,0.25]",
      "frames[1].detections[0].boundingBox: box must lie within [0, 1]: y + height = 1.125 > 1"
    ),
    (
      "[0.25,0.5,0.125,0.25]", "[0.25,0.5,-0.125,0.25]",
      "frames[1].detections[0].boundingBox[2]: width must be >= 0, got -0.125"
    ),
    (
      "[0.25,0.5,0.125,0.25]", "[0.25,0.5,0.125]",
      "frames[1].detections[0].boundingBox: expected 4 numbers, got 3"
    ),
    (
      #""confidence":0.91,"boundingBox""#, #""confidence":1.5,"boundingBox""#,
      "frames[1].detections[0].confidence: confidence must be in [0, 1], got 1.5"
    ),
    (#""label":"hazard","#, "", #"frames[1].detections[0]: missing required member "label""#),
    (
      #""confidence":0.05"#, #""confidence":"low""#,
      "frames[1].detections[0].labels[1].confidence: expected a number, got string"
    ),
    (
      #""timestamp":1.5"#, #""timestamp":1.0"#,
      "frames[1].timestamp: timestamps must be strictly increasing, got 1 after 1"
    ),
    (
      #""identifier":"P2""#, #""identifier":"P1""#,
      #"frames[1].planes[1].identifier: duplicate plane identifier "P1" (also planes[0])"#
    ),
    (
      #""width":0.8"#, #""width":0"#,
      "frames[1].planes[0].extent.width: plane extent must be > 0, got 0"
    ),
    (
      #""height":1.5"#, #""height":-1"#,
      "frames[1].planes[1].extent.height: plane extent must be > 0, got -1"
    ),
    (
      #""boundary":[[-1,0,-0.75],[1,0,-0.75],[1,0,0.75]]"#,
      #""boundary":[[-1,0,-0.75],[1,0,-0.75]]"#,
      "frames[1].planes[1].boundary: plane boundary needs at least 3 vertices, got 2"
    ),
    (
      #""boundary":[[-1,0,-0.75]"#, #""boundary":[[-1,0]"#,
      "frames[1].planes[1].boundary[0]: expected 3 numbers, got 2"
    ),
    (
      #""alignment":"horizontal""#, #""alignment":"diagonal""#,
      #"frames[1].planes[0].alignment: unknown alignment "diagonal"; valid: horizontal, vertical"#
    ),
    (
      #""classification":"wall""#, #""classification":"dashboard""#,
      #"frames[1].planes[1].classification: unknown classification "dashboard"; valid: none, wall, floor, ceiling, table, seat, window, door"#
    ),
    (
      #""cropAndScale":"centerCrop""#, #""cropAndScale":"stretch""#,
      #"vision.cropAndScale: unknown cropAndScale "stretch"; valid: centerCrop, scaleFit, scaleFill, scaleFitRotate90CCW, scaleFillRotate90CCW"#
    ),
    (
      #""orientation":"right""#, #""orientation":"sideways""#,
      #"vision.orientation: unknown orientation "sideways"; valid: up, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left"#
    ),
    (
      #""interfaceOrientation":"portrait""#, #""interfaceOrientation":"flat""#,
      #"viewport.interfaceOrientation: unknown interfaceOrientation "flat"; valid: portrait, portraitUpsideDown, landscapeLeft, landscapeRight"#
    ),
    ("[390,844]", "[0,844]", "viewport.size[0]: viewport width must be > 0, got 0"),
    ("[416,416]", "[416]", "vision.modelInputSize: expected 2 numbers, got 1"),
    (
      "[0,0,1,1]", "[0.5,0,0.75,1]",
      "vision.regionOfInterest: box must lie within [0, 1]: x + width = 1.25 > 1"
    ),
    (
      #""identifiers":[7,8]"#, #""identifiers":[7]"#,
      "frames[1].featurePoints.identifiers: expected one identifier per point (2), got 1"
    ),
    (
      #""identifiers":[7,8]"#, #""identifiers":[7,8.5]"#,
      "frames[1].featurePoints.identifiers[1]: identifier must be an integer in 0...2^53, got 8.5"
    ),
    (#""tx":1"#, #""tx":"one""#, "frames[1].displayTransform.tx: expected a number, got string"),
    (
      #""size":[0.1,0.05,0.1]"#, #""size":[0.1,-0.05,0.1]"#,
      "truth.objects[0].size[1]: size must be finite and >= 0, got -0.05"
    ),
    (
      #""camera":{"transform":[1,0"#, #""camera":7,"x":{"transform":[1,0"#,
      "frames[0].camera: expected an object, got number"
    ),
    (#""frames":["#, #""frames":{},"x":["#, "frames: expected an array, got object"),
  ])
  func reportsEachValidationErrorWithFileAndPath(
    find: String, replacement: String, expected: String
  ) {
    let text = RecordingFixtures.base(replacing: find, with: replacement)
    let error = #expect(throws: InputFileError.self) { try decode(text) }
    #expect(error?.description == "scene.json: " + expected)
  }

  @Test func frameIndexComesFromThePath() {
    let text = RecordingFixtures.base(replacing: #""width":0.8"#, with: #""width":0"#)
    let error = #expect(throws: InputFileError.self) { try decode(text) }
    #expect(error?.frameIndex == 1)
    #expect(error?.file == "scene.json")
  }

  @Test func validatesConstructedValuesToo() {
    var recording = Recording()
    recording.frames = [
      RecordingFrame(
        timestamp: 0,
        camera: RecordingCamera(
          transform: Matrix4x4.identity.columnMajor.map(Double.init),
          intrinsics: [1, 0, 0, 0, 1, 0, 0, 0, 1],
          imageResolution: Size(width: 4, height: 3)))
    ]
    #expect(throws: Never.self) { try recording.validate() }
    recording.frames[0].camera.transform[12] = .nan
    let error = #expect(throws: InputFileError.self) { try recording.jsonBytes() }
    #expect(error?.description == "frames[0].camera.transform[12]: must be finite, got nan")
  }
}

@Suite struct RecordingCodableTests {
  @Test func foundationCodersAgreeWithTheHandWrittenPath() throws {
    let bytes = Array(RecordingFixtures.base.utf8)
    let ours = try Recording(jsonBytes: bytes)
    let viaDecoder = try JSONDecoder().decode(Recording.self, from: Data(bytes))
    #expect(viaDecoder == ours)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = try encoder.encode(ours)
    #expect(try Recording(jsonBytes: Array(encoded)) == ours)
  }

  @Test func foundationDecoderSurfacesValidationErrors() {
    let text = RecordingFixtures.base(replacing: #""width":0.8"#, with: #""width":0"#)
    let error = #expect(throws: InputFileError.self) {
      try JSONDecoder().decode(Recording.self, from: Data(text.utf8))
    }
    #expect(error?.jsonPath == "frames[1].planes[0].extent.width")
  }
}
