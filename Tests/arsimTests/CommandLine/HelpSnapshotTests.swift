import Foundation
import Placement
import Testing
import _TestSupport

@testable import arsim

/// Every help text through the binary against its reviewed copy in `Tests/Fixtures/help/`
/// (`scripts/update-help-snapshots.sh` rewrites them; read the diff before committing), and the
/// declarations the help is made from.
@Suite("arsim help")
struct HelpSnapshotTests {
  static let directory = RecordingFixtures.fixturesDirectory("help")
  /// Every command and subcommand (`arcore transform`).
  static let commandNames = Tool.allCommands.map(\.name)

  /// `arcore transform` -> `arcore-transform`.
  static func fileName(_ name: String) -> String {
    name.replacingOccurrences(of: " ", with: "-")
  }

  static func expected(_ name: String) throws -> String {
    try String(
      contentsOf: directory.appendingPathComponent("\(fileName(name)).txt"), encoding: .utf8)
  }

  static func spec(_ name: String) throws -> CommandSpec {
    try #require(Tool.allCommands.first { $0.name == name })
  }

  @Test(
    "Each command's help: --help, -h and `arsim help NAME` print the reviewed text",
    arguments: commandNames)
  func commandHelp(name: String) throws {
    let expected = try Self.expected(name)
    let words = name.split(separator: " ").map(String.init)
    var variants = [words + ["--help"], words + ["-h"], ["help"] + words]
    if try Self.spec(name).subcommands.isEmpty { variants.append(words + ["x", "--bogus", "-h"]) }
    for arguments in variants {
      let result = try ArsimRunner.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout == expected, "\(arguments)")
      #expect(result.stderr.isEmpty)
    }
  }

  @Test func toolHelp() throws {
    let expected = try Self.expected("arsim")
    for arguments in [["--help"], ["-h"], ["help"]] {
      let result = try ArsimRunner.run(arguments)
      #expect(result.status == 0 && result.stdout == expected, "\(arguments)")
    }
    // Without a command: the help on standard error, exit 64.
    let bare = try ArsimRunner.run([])
    #expect(bare.status == 64 && bare.stdout.isEmpty && bare.stderr == expected)
  }

  @Test("A group without a subcommand prints its help to stderr; a typo gets a suggestion")
  func groups() throws {
    let bare = try ArsimRunner.run(["arcore"])
    let expected = try Self.expected("arcore")
    #expect(bare.status == 64 && bare.stdout.isEmpty && bare.stderr == expected)
    let typo = try ArsimRunner.run(["arcore", "transfrom"])
    #expect(typo.status == 64)
    #expect(
      typo.stderr.hasPrefix(
        "arsim arcore: unknown subcommand \"transfrom\" (did you mean transform?)\n"))
    let help = try ArsimRunner.run(["help", "arcore", "transfrom"])
    #expect(help.status == 64 && help.stderr.contains("argument SUBCOMMAND: unknown value"))
    let none = try ArsimRunner.run(["help", "replay", "x"])
    #expect(none.status == 64 && none.stderr.contains("replay has no subcommands"))
  }

  @Test func everySnapshotBelongsToACommand() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
    #expect(files == (["arsim"] + Self.commandNames).map { "\(Self.fileName($0)).txt" }.sorted())
  }

  @Test("Help lines fit in 80 columns")
  func width() throws {
    for name in ["arsim"] + Self.commandNames {
      for line in try Self.expected(name).split(separator: "\n") {
        #expect(line.count <= 80, "\(name): \(line)")
      }
    }
  }

  @Test func version() throws {
    let result = try ArsimRunner.run(["--version"])
    #expect(result.status == 0 && result.stdout == "arsim \(Version.current)\n")
    let parts = Version.current.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
  }

  @Test("Declarations: unique names, value names, help sentences", arguments: commandNames)
  func declarations(name: String) throws {
    let spec = try Self.spec(name)
    let names = spec.allOptions.map(\.name)
    #expect(Set(names).count == names.count, "\(names)")
    for option in spec.allOptions {
      #expect((option.valueName == nil) == (option.arity == .flag), "\(option.name)")
      #expect(option.help.hasSuffix("."), "--\(option.name): \(option.help)")
      #expect(!option.name.hasPrefix("-") && !option.name.contains("="))
    }
    for argument in spec.arguments.map(\.declaration) {
      #expect(argument.help.hasSuffix("."), "\(argument.name)")
    }
    #expect(spec.summary.hasSuffix("."))
  }

  @Test(
    "Hand-written usage lines name only declared options, and every required one",
    arguments: commandNames)
  func usageLines(name: String) throws {
    let spec = try Self.spec(name)
    let declared = Set(spec.allOptions.map(\.flagName))
    let words = spec.usageLines.flatMap {
      $0.split(whereSeparator: { " []()|".contains($0) }).map(String.init)
    }
    for word in words where word.hasPrefix("--") {
      #expect(declared.contains(word), "\(name): \(word) is not declared")
    }
    for option in spec.allOptions where option.isRequired {
      #expect(words.contains(option.flagName), "\(name): required \(option.flagName) not in usage")
    }
  }

  @Test(
    "filter's option groups are the filters' parameters", arguments: AnyPositionFilter.filterNames)
  func filterGroups(filter: String) throws {
    let group = try #require(FilterCommand.parameterGroups.first { $0.filter == filter })
    // In the registry's order, which the help lists.
    #expect(
      group.options.map(\.declaration.name) == AnyPositionFilter.parameterNames(forFilter: filter))
    #expect(FilterCommand.parameterGroups.map(\.filter) == AnyPositionFilter.filterNames)
  }
}
