/// A small xorshift generator, so that "random" inputs are the same on every run.
package struct SeededGenerator: RandomNumberGenerator {
  package var state: UInt64
  package init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
  package mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
