import ARSimulation
import Testing

@testable import arsim

/// The parser's rules, on a small declaration of every kind of option and argument. Expected
/// values are written by hand from the rules in `ParsedArguments`' documentation.
@Suite struct ParsedArgumentsTests {
  static let file = Argument<String?>(optional: "FILE", completion: .file, help: "A file.")
  static let out = Option<String?>(
    "out", valueName: "FILE", completion: .outputFile, help: "Output.")
  static let config = Option<String?>(
    "config", valueName: "FILE", completion: .file, help: "Settings.")
  static let threads = Option<Int>(
    "threads", valueName: "N", default: 1, in: 1...256, help: "Threads.")
  static let box = Option<[Double]?>(
    numbers: "box", count: 4, valueName: "x,y,w,h", help: "A box.")
  static let orientation = Option<InterfaceOrientation>(
    "orientation", valueName: "NAME", default: .portrait, help: "Orientation.")
  static let require = Option<[String]>(repeating: "require", valueName: "EXPR", help: "Checks.")
  static let json = Flag("json", help: "JSON.")
  static let mode = Option<String?>("mode", valueName: "NAME", help: "Mode.")
  static let window = Option<String?>("window", valueName: "SECONDS", help: "Window.")

  static let spec = CommandSpec(
    name: "test", summary: "A test command.", discussion: "Tests.", arguments: [file],
    options: [out, config, threads, box, orientation, require, json, mode],
    optionGroups: [
      OptionGroup("MEDIAN", condition: .init(option: "mode", value: "median"), options: [window])
    ]
  ) { _, _ in "" }

  static func parse(_ words: [String]) throws(CommandLineError) -> ParsedArguments {
    try ParsedArguments(words, spec: spec)
  }

  /// The usage message of `words`, or `nil` when they parse.
  static func usageError(_ words: [String]) -> String? {
    do {
      _ = try parse(words)
      return nil
    } catch {
      guard case .usage(let message) = error else { return "not a usage error: \(error)" }
      return message
    }
  }

  @Test func defaultsWhenAbsent() throws {
    let parsed = try Self.parse([])
    #expect(parsed.value(Self.file) == nil)
    #expect(parsed.value(Self.out) == nil)
    #expect(parsed.value(Self.threads) == 1)
    #expect(parsed.value(Self.orientation) == .portrait)
    #expect(parsed.value(Self.require) == [])
    #expect(parsed.flag(Self.json) == false)
    #expect(!parsed.isGiven(Self.threads))
  }

  @Test func valuesInBothSpellings() throws {
    let parsed = try Self.parse([
      "--threads", "4", "--out=o.json", "in.json", "--orientation", "landscapeLeft", "--json",
    ])
    #expect(parsed.value(Self.threads) == 4)
    #expect(parsed.value(Self.out) == "o.json")
    #expect(parsed.value(Self.file) == "in.json")
    #expect(parsed.value(Self.orientation) == .landscapeLeft)
    #expect(parsed.flag(Self.json))
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try Self.parse(["--json", "--", "--out"])
    #expect(parsed.value(Self.file) == "--out")
    #expect(parsed.value(Self.out) == nil)
    // After `--`, `-h` is a file name, not a request for help.
    #expect(!ParsedArguments.asksForHelp(["--", "-h"]))
    #expect(ParsedArguments.asksForHelp(["x", "-h"]))
    #expect(ParsedArguments.asksForHelp(["--out", "o", "--help"]))
  }

  @Test func aValueThatIsAnOptionIsRefused() {
    let message = Self.usageError(["--out", "--json"])
    #expect(
      message?.hasPrefix("option --out needs a value (FILE), got the option \"--json\"") == true)
    #expect(Self.usageError(["--out", "-h"])?.hasPrefix("option --out needs a value") == true)
    #expect(Self.usageError(["--out", "--"])?.hasPrefix("option --out needs a value") == true)
  }

  @Test func anAttachedValueMayLookLikeAnOption() throws {
    #expect(try Self.parse(["--out=--json"]).value(Self.out) == "--json")
  }

  @Test func negativeNumbersAreValues() throws {
    #expect(try Self.parse(["--box", "-0.1,-2,1,1"]).value(Self.box) == [-0.1, -2, 1, 1])
    #expect(
      try Self.parse(["--box", "-0.5", "-1", "2", "-3e-2"]).value(Self.box) == [-0.5, -1, 2, -0.03])
    #expect(try Self.parse(["--box=1 2 3 4"]).value(Self.box) == [1, 2, 3, 4])
    // A negative number as a positional argument too.
    #expect(try Self.parse(["-1"]).value(Self.file) == "-1")
  }

  @Test func standardInputDashIsAnArgument() throws {
    #expect(try Self.parse(["-"]).value(Self.file) == "-")
    #expect(try Self.parse(["--config", "-"]).value(Self.config) == "-")
    #expect(
      Self.usageError(["-", "--config", "-"]) == "standard input (-) can be read for one input only"
    )
  }

  @Test func repeatedSingleValuedOptionIsAUsageError() {
    #expect(Self.usageError(["--out", "a", "--out", "b"]) == "option --out given more than once")
    #expect(Self.usageError(["--json", "--json"]) == "option --json given more than once")
  }

  @Test func repeatingOptionKeepsEveryValueInOrder() throws {
    let parsed = try Self.parse(["--require", "mota > 0.5", "--require=idf1 > 0.8"])
    #expect(parsed.value(Self.require) == ["mota > 0.5", "idf1 > 0.8"])
  }

  @Test func emptyValuesAndArgumentsAreNamed() {
    #expect(Self.usageError(["--out", ""]) == "option --out: the value is empty")
    #expect(Self.usageError(["--out="]) == "option --out: the value is empty")
    #expect(Self.usageError([""]) == "argument FILE is empty")
  }

  @Test func missingAndBadValues() {
    #expect(Self.usageError(["--out"]) == "option --out needs a value (FILE)")
    #expect(Self.usageError(["--box", "1", "2"]) == "option --box needs 4 numbers (x,y,w,h)")
    #expect(
      Self.usageError(["--box", "1,2,3"]) == "option --box: needs 4 numbers, got 3 in \"1,2,3\"")
    #expect(
      Self.usageError(["--box", "1,2,nan,4"]) == "option --box: \"nan\" is not a finite number")
    #expect(
      Self.usageError(["--threads", "0"])
        == "option --threads: expected an integer in 1...256, got \"0\"")
    #expect(
      Self.usageError(["--threads", "two"]) == "option --threads: expected an integer, got \"two\"")
    #expect(Self.usageError(["--json=yes"]) == "option --json takes no value")
    #expect(Self.usageError(["a", "b"]) == "unexpected argument \"b\"")
  }

  @Test func unknownNamesGetSuggestions() {
    #expect(
      Self.usageError(["--thread", "2"]) == "unknown option --thread (did you mean --threads?)")
    #expect(Self.usageError(["--conf", "x"]) == "unknown option --conf (did you mean --config?)")
    #expect(Self.usageError(["--frobnicate"]) == "unknown option --frobnicate")
    #expect(Self.usageError(["-x"]) == "unknown option -x")
    #expect(
      Self.usageError(["--orientation", "Portrait"])
        == "option --orientation: unknown value \"Portrait\" (did you mean \"portrait\"?); "
        + "expected one of: portrait, portraitUpsideDown, landscapeLeft, landscapeRight")
  }

  @Test func groupOptionsApplyOnlyWithTheirCondition() throws {
    #expect(try Self.parse(["--mode", "median", "--window", "0.2"]).isGiven(Self.window))
    #expect(
      Self.usageError(["--window", "0.2"]) == "option --window applies only with --mode median")
    #expect(
      Self.usageError(["--mode", "mean", "--window", "0.2"])
        == "option --window applies only with --mode median, not with --mode mean")
  }

  @Test func requiredOptionsAndArguments() {
    let required = Option<String>(required: "planes", valueName: "FILE", help: "Planes.")
    let argument = Argument<String>("SPEC", help: "A spec.")
    let spec = CommandSpec(
      name: "r", summary: "R.", discussion: "R.", arguments: [argument], options: [required]
    ) { _, _ in "" }
    func message(_ words: [String]) -> String? {
      do {
        _ = try ParsedArguments(words, spec: spec)
        return nil
      } catch {
        return error.description
      }
    }
    // The missing argument is named before the missing option (usage order).
    #expect(message([]) == "missing SPEC")
    #expect(message(["s"]) == "option --planes is required")
    #expect(message(["s", "--planes", "p"]) == nil)
    #expect(spec.usageLines == ["r SPEC --planes FILE"])
  }
}
