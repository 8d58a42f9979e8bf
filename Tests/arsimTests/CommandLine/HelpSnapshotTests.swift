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
  static let commandNames = Tool.commands.map(\.name)

  static func expected(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent("\(name).txt"), encoding: .utf8)
  }

  @Test(
    "Each command's help: --help, -h and `arsim help NAME` print the reviewed text",
    arguments: commandNames)
  func commandHelp(name: String) throws {
    let expected = try Self.expected(name)
    for arguments in [
      [name, "--help"], [name, "-h"], ["help", name], [name, "x", "--bogus", "-h"],
    ] {
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

  @Test func everySnapshotBelongsToACommand() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
    #expect(files == (["arsim"] + Self.commandNames).map { "\($0).txt" }.sorted())
  }

  @Test("Help lines fit in 80 columns (but for a usage line or a word longer than that)")
  func width() throws {
    for name in ["arsim"] + Self.commandNames {
      for line in try Self.expected(name).split(separator: "\n") where line.count > 80 {
        let isUsage = line.hasPrefix("USAGE: ") || line.hasPrefix("       arsim ")
        #expect(isUsage || !line.contains(" "), "\(name): \(line)")
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
    let spec = try #require(Tool.command(named: name))
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
    let spec = try #require(Tool.command(named: name))
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
    #expect(
      group.options.map(\.declaration.name).sorted()
        == AnyPositionFilter.parameterNames(forFilter: filter))
    #expect(FilterCommand.parameterGroups.map(\.filter) == AnyPositionFilter.filterNames)
  }
}
