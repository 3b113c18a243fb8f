import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes each session's requests to its own store without a lock shared between sessions.
///
/// A `URLProtocol` cannot see which session a request came from (on Linux it does not even see
/// the session's `httpAdditionalHeaders`). So every session gets its own protocol *class*:
/// `ReplayProtocol<Slot>`, where `Slot` is a type-level binary number built at run time
/// (`Bit1<Bit0<Bit1<NoBits>>>` is slot 5). The class knows its slot from its type alone; the
/// slot's box holds the session's store behind the box's own lock. Only taking and giving back
/// a slot (once per session) goes through the shared free list.
enum ReplaySlots {
    static let capacity = 4096

    final class Box: Sendable {
        private let store = Locked<ReplayStore?>(nil)

        var current: ReplayStore? {
            return store.withLock { $0 }
        }

        func set(_ store: ReplayStore?) {
            self.store.withLock { $0 = store }
        }
    }

    /// The free slots, oldest given back first: a slot is reused as late as it can be, so that a session an app
    /// kept from ``ReplaySession/sessionConfiguration`` past its test (a provider in a `static let`) finds its slot
    /// empty ("already finished") for as long as possible instead of the next test's recording.
    final class FreeList: Sendable {
        /// A ring of free slot numbers: `count` of them from `head`.
        private struct Ring {
            var slots = Array(0..<ReplaySlots.capacity)
            var head = 0
            var count = ReplaySlots.capacity
        }

        private let ring = Locked(Ring())

        func take() -> Int? {
            return ring.withLock { ring in
                guard ring.count > 0 else { return nil }
                let slot = ring.slots[ring.head]
                ring.head = (ring.head + 1) % ring.slots.count
                ring.count -= 1
                return slot
            }
        }

        func giveBack(_ slot: Int) {
            ring.withLock { ring in
                ring.slots[(ring.head + ring.count) % ring.slots.count] = slot
                ring.count += 1
            }
        }
    }

    /// One box per slot, created once; the array itself never changes.
    static let boxes: [Box] = (0..<capacity).map { _ in Box() }
    static let freeList = FreeList()

    /// Takes a free slot for `store` and returns it with its protocol class.
    static func acquire(for store: ReplayStore) -> (slot: Int, protocolClass: URLProtocol.Type)? {
        guard let slot = freeList.take() else { return nil }
        boxes[slot].set(store)
        return (slot, protocolClass(for: slot))
    }

    static func release(_ slot: Int) {
        boxes[slot].set(nil)
        freeList.giveBack(slot)
    }

    static func protocolClass(for slot: Int) -> URLProtocol.Type {
        var bits: [Bool] = []
        var rest = slot
        repeat {
            bits.insert(rest & 1 == 1, at: 0)
            rest >>= 1
        } while rest > 0
        return build(NoBits.self, bits[...])
    }

    private static func build<Prefix: SlotNumber>(_ prefix: Prefix.Type, _ bits: ArraySlice<Bool>) -> URLProtocol.Type {
        guard let bit = bits.first else { return ReplayProtocol<Prefix>.self }
        return bit ? build(Bit1<Prefix>.self, bits.dropFirst()) : build(Bit0<Prefix>.self, bits.dropFirst())
    }
}

/// A slot number spelled as a type.
protocol SlotNumber: Sendable { static var value: Int { get } }
enum NoBits: SlotNumber { static var value: Int { 0 } }
enum Bit0<Higher: SlotNumber>: SlotNumber { static var value: Int { Higher.value * 2 } }
enum Bit1<Higher: SlotNumber>: SlotNumber { static var value: Int { Higher.value * 2 + 1 } }
