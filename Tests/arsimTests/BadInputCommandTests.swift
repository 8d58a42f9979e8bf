import Foundation
import Testing

/// Bad input to `arsim explain --request`, `project`, `import` and `filter`, end to end: the exit
/// status (64 for usage errors, 1 for bad input files) and a message that names the place (the
/// file or `<stdin>`, then the line and column for text that is not JSON, the JSON path `$...`
/// for a bad value, or the option). Nothing traps.
@Suite("arsim bad input (end to end)")
struct BadInputCommandTests {
  /// One run: `{dir}` in the arguments is replaced by a fresh directory holding `files`.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var stdin: String? = nil
    var files: [String: String] = [:]
    var status: Int32
    /// Every fragment must occur in standard error.
    var messages: [String]
    var testDescription: String { name }
  }

  static let camera =
    #""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[1000,0,0,0,1000,0,960,720,1],"imageResolution":[1920,1440]"#
  static let project = ["project", "--intrinsics", "1000,1000,960,720"]
  static let filter = ["filter", "--filter", "kalman"]
  static let importer = [
    "import", "arkit-data-logger", "{dir}", "--intrinsics", "100,100,50,40", "--image-size",
    "100x80",
    "--out", "{dir}/out.json",
  ]
  static let pose = "ARKit_camera_pose.txt"
  static let identityPose = "1000000000 1 0 0 0 0 1 0 0 0 0 1 0\n"

  static func explain(_ name: String, _ json: String, _ messages: [String]) -> Case {
    Case(
      name: "explain " + name, arguments: ["explain", "--request", "{dir}/request.json"],
      files: ["request.json": json], status: 1, messages: ["{dir}/request.json"] + messages)
  }

  static let cases: [Case] = [
    // explain --request: the file's place is line:column for syntax, the JSON path for values.
    explain(
      "NaN literal", #"{"box":[NaN,0.2,0.3,0.4]}"#, ["request.json:1:9: expected a value, got 'N'"]),
    explain(
      "number overflow", "{\"box\":\n[1e400,0.2,0.3,0.4]}",
      ["request.json:2:2: number 1e400 is out of the range"]),
    explain(
      "truncated", #"{"box":[0.1,0.2"#, ["request.json:1:16: expected ',' or ']', got end of input"]
    ),
    explain(
      "deep nesting",
      "{\"box\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        + "}",
      ["request.json:1:71: nesting deeper than 64"]),
    explain(
      "three-number box", #"{"box":[0.1,0.2,0.3]}"#,
      ["request.json: box: expected 4 numbers, got 3"]),
    explain(
      "negative box size", #"{"box":[0.1,0.2,-0.3,0.4]}"#,
      ["request.json: box: width and height must be >= 0"]),
    explain(
      "zero image size", #"{"box":[0.1,0.2,0.3,0.4],"imageSize":[0,1440]}"#,
      ["request.json: imageSize: "]),
    explain(
      "unknown orientation",
      #"{"box":[0.1,0.2,0.3,0.4],"vision":{"orientation":"sideways","cropAndScale":"centerCrop","modelInputSize":[416,416]}}"#,
      ["request.json: vision.orientation: ", "\"sideways\""]),
    explain(
      "zero viewport",
      #"{"box":[0.1,0.2,0.3,0.4],"viewport":{"size":[0,844],"interfaceOrientation":"portrait"}}"#,
      ["request.json: viewport.size[0]: viewport width must be > 0"]),
    explain(
      "zero focal length",
      #"{"box":[0.1,0.2,0.3,0.4],"camera":{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[0,0,0,0,1000,0,960,720,1],"imageResolution":[1920,1440]}}"#,
      ["request.json: camera.intrinsics[0]: focal length must be > 0, got 0"]),
    explain(
      "non-rigid camera",
      #"{"box":[0.1,0.2,0.3,0.4],"camera":{"transform":[2,0,0,0,0,2,0,0,0,0,2,0,0,0,0,1],"intrinsics":[1000,0,0,0,1000,0,960,720,1],"imageResolution":[1920,1440]}}"#,
      ["request.json: camera.transform: not a rigid transform"]),
    // The camera's one JSON form carries distortion; bad coefficients are named.
    explain(
      "distortion string",
      #"{"box":[0.1,0.2,0.3,0.4],"camera":{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[1000,0,0,0,1000,0,960,720,1],"imageResolution":[1920,1440],"distortion":{"k1":"big"}}}"#,
      ["request.json: camera.distortion.k1: expected a number, got string"]),
    explain("unknown member", #"{"box":[0.1,0.2,0.3,0.4],"colour":1}"#, ["request.json: colour: "]),
    Case(
      name: "explain missing request file", arguments: ["explain", "--request", "{dir}/none.json"],
      status: 1,
      messages: ["{dir}/none.json: cannot read the file"]),
    // Regression (fuzzer): a model input 208 x 4.1e127 used to trap in VisionGeometry.
    Case(
      name: "explain model size far from the image",
      arguments: ["explain", "--box", "0.1,0,0.3,0.4", "--model-size", "208x4.1e127"], status: 64,
      messages: [
        "arsim explain: model input size 208.0x4.1e+127 and image size 1920.0x1440.0 are too far apart"
      ]),
    // project: points from stdin or a file.
    Case(
      name: "project NaN literal", arguments: project, stdin: "[[0,0,-1],\n[NaN,0,-1]]", status: 1,
      messages: ["<stdin>:2:2: expected a value, got 'N'"]),
    Case(
      name: "project number overflow", arguments: project, stdin: "[[1e400,0,-1]]", status: 1,
      messages: ["<stdin>:1:3: number 1e400 is out of the range"]),
    Case(
      name: "project Float overflow", arguments: project, stdin: "[[0,0,-1],[1e39,0,-1]]",
      status: 1,
      messages: ["<stdin>: $[1]: coordinates must be finite"]),
    Case(
      name: "project deep nesting", arguments: project,
      stdin: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
      status: 1,
      messages: ["<stdin>:1:65: nesting deeper than 64"]),
    Case(
      name: "project bad file", arguments: project + ["{dir}/points.json"],
      files: ["points.json": "[[0,0,-1],[1,2]]"],
      status: 1, messages: ["{dir}/points.json: $[1]: expected [x, y, z], got 2 numbers"]),
    Case(
      name: "project missing file", arguments: project + ["{dir}/none.json"], status: 1,
      messages: ["{dir}/none.json: cannot read the file"]),
    Case(
      name: "project zero focal length", arguments: ["project", "--intrinsics", "0,1000,960,720"],
      stdin: "[]",
      status: 64, messages: ["option --intrinsics", "focal lengths must be > 0"]),
    Case(
      name: "project NaN focal length", arguments: ["project", "--intrinsics", "nan,1000,960,720"],
      stdin: "[]",
      status: 64, messages: ["option --intrinsics: \"nan\" is not a finite number"]),
    Case(
      name: "project scaled camera transform",
      arguments: project + ["--camera-transform", "2,0,0,0,0,2,0,0,0,0,2,0,0,0,0,1"], stdin: "[]",
      status: 64,
      messages: ["option --camera-transform", "not rigid"]),
    Case(
      name: "project camera transform beyond Float",
      arguments: project + ["--camera-transform", "1,0,0,0,0,1,0,0,0,0,1,0,1e39,0,0,1"],
      stdin: "[]", status: 64,
      messages: ["option --camera-transform", "non-finite"]),
    Case(
      name: "project zero image size", arguments: project + ["--image-size", "0x10"], stdin: "[]",
      status: 64,
      messages: ["option --image-size"]),
    // import arkit-data-logger: the logger file and 1-based line.
    Case(
      name: "import NaN field", arguments: importer,
      files: [pose: identityPose + "2000000000 nan 0 0 0 0 1 0 0 0 0 1 0\n"],
      status: 1, messages: ["\(pose):2: field 2 \"nan\" is not a finite number"]),
    Case(
      name: "import short line", arguments: importer,
      files: [pose: "# header\n" + identityPose + "2000000000 1 0 0\n"],
      status: 1, messages: ["\(pose):3: expected 13 numbers"]),
    Case(
      name: "import scaled pose", arguments: importer,
      files: [pose: identityPose + "2000000000 2 0 0 0 0 2 0 0 0 0 2 0\n"], status: 1,
      messages: ["\(pose):2: not a rigid transform"]),
    Case(
      name: "import repeated timestamp", arguments: importer,
      files: [pose: identityPose + identityPose], status: 1,
      messages: ["\(pose):2: timestamps must be strictly increasing"]),
    Case(
      name: "import empty pose file", arguments: importer, files: [pose: "# only a comment\n"],
      status: 1,
      messages: ["\(pose): no pose lines"]),
    Case(
      // 32 scalars are quoted: "ab" (2), U+0001 (1), "c"..."z" (24), "01234" (5).
      name: "import binary field is quoted readably", arguments: importer,
      files: [pose: "ab\u{01}cdefghijklmnopqrstuvwxyz0123456789 1\n"], status: 1,
      messages: [
        #"\#(pose):1: field 1 "ab\u{01}cdefghijklmnopqrstuvwxyz01234..." is not a finite number"#
      ]),
    // filter: samples from stdin.
    Case(
      name: "filter NaN literal", arguments: filter, stdin: #"[{"t":0,"x":NaN,"y":0,"z":0}]"#,
      status: 1,
      messages: ["<stdin>:1:13: expected a value, got 'N'"]),
    Case(
      name: "filter deep nesting", arguments: filter,
      stdin: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
      status: 1,
      messages: ["<stdin>:1:65: nesting deeper than 64"]),
    Case(
      name: "filter string timestamp", arguments: filter, stdin: #"[{"t":"0","x":0,"y":0,"z":0}]"#,
      status: 1,
      messages: ["<stdin>: [0].t"]),
    Case(
      name: "filter CSV nan", arguments: filter + ["--csv"], stdin: "t,x,y,z\n0,nan,0,0\n",
      status: 1,
      messages: ["<stdin>: line 2, field x: 'nan' is not a finite number"]),
    Case(
      name: "filter NaN parameter", arguments: ["filter", "--filter", "oneEuro", "--beta", "nan"],
      stdin: "[]",
      status: 64, messages: ["--beta: invalid value 'nan'"]),
  ]

  @Test(arguments: cases)
  func exitsWithStatusAndNamesThePlace(_ testCase: Case) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("BadInputCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, contents) in testCase.files {
      try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
    }
    let arguments = testCase.arguments.map {
      $0.replacingOccurrences(of: "{dir}", with: directory.path)
    }
    let result = try ArsimRunner.run(arguments, stdin: testCase.stdin ?? "")
    #expect(result.status == testCase.status, "\(result.stderr)")
    for message in testCase.messages {
      let expected = message.replacingOccurrences(of: "{dir}", with: directory.path)
      #expect(result.stderr.contains(expected), "\(result.stderr)")
    }
    #expect(!result.stderr.contains("Fatal error"))
  }
}
