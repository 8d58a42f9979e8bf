/// Why a ``BatchMeshScene`` could not be made from raw vertices and indices.
public enum BatchMeshError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A vertex has a non-finite coordinate (its position in the vertex array).
  case vertexNotFinite(vertex: Int)
  /// The index count is not a multiple of 3.
  case indexCount(Int)
  /// An index (at `position` in the index array) is not below the vertex count.
  case indexOutOfRange(position: Int, index: UInt32, vertexCount: Int)

  /// A one-line explanation naming the bad element.
  public var description: String {
    switch self {
    case .vertexNotFinite(let vertex): "vertex \(vertex) has a non-finite coordinate"
    case .indexCount(let count): "index count \(count) is not a multiple of 3"
    case .indexOutOfRange(let position, let index, let vertexCount):
      "index \(index) at position \(position) is out of range for \(vertexCount) vertices"
    }
  }
}
