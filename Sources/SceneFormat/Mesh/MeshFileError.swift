/// Why a mesh file (Wavefront OBJ or PLY) could not be read: the file, where in it (a line of
/// an OBJ or an ASCII PLY, or an element of a binary PLY), and the problem.
public struct MeshFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where in the file the problem is.
  public enum Location: Sendable, Hashable {
    /// The whole file (its size, its format).
    case file
    /// A 1-based line of a text file (OBJ, a PLY header, an ASCII PLY body).
    case line(Int)
    /// Element `index` (0-based) of the PLY element `element` (`vertex`, `face`, ...).
    case element(String, index: Int)
  }

  /// The file's name as the user gave it.
  public var file: String
  /// Where in the file.
  public var location: Location
  /// What is wrong, one phrase.
  public var problem: String

  /// An error at `location` of `file`.
  public init(file: String, location: Location, problem: String) {
    self.file = file
    self.location = location
    self.problem = problem
  }

  /// `FILE:LINE: problem`, `FILE: face 12: problem` or `FILE: problem`.
  public var description: String {
    switch location {
    case .file: "\(file): \(problem)"
    case .line(let line): "\(file):\(line): \(problem)"
    case .element(let element, let index): "\(file): \(element) \(index): \(problem)"
    }
  }
}
