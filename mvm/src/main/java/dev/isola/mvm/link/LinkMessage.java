package dev.isola.mvm.link;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateRegistry;

import java.io.Serializable;
import java.util.Objects;

/**
 * What a {@link Link} carries. Every kind but {@link Bulk} is copied: the receiver gets its own
 * bytes, string or object graph, and nothing it does affects the sender's. A {@link Bulk}
 * buffer is migrated instead: ownership moves to the receiver and no byte is copied.
 *
 * <pre>{@code
 * switch (link.receive()) {
 *     case LinkMessage.Bytes(byte[] data) -> ...
 *     case LinkMessage.Text(String text) -> ...
 *     case LinkMessage.Value(Object value) -> ...          // a deep copy
 *     case LinkMessage.LinkTransfer(Link passedOn) -> ...  // a link handed over
 *     case LinkMessage.IsolateReference ref -> ref.isolate()
 *     case LinkMessage.Bulk(BulkBuffer buffer) -> ...      // now ours; the sender's view is gone
 * }
 * }</pre>
 */
public sealed interface LinkMessage {

    static LinkMessage of(byte[] data) {
        return new Bytes(data);
    }

    static LinkMessage of(String text) {
        return new Text(text);
    }

    /** A deep copy of {@code value}'s graph; its classes must be {@link Serializable}. */
    static LinkMessage ofValue(Object value) {
        return new Value(value);
    }

    static LinkMessage of(Link link) {
        return new LinkTransfer(link);
    }

    static LinkMessage of(Isolate isolate) {
        return IsolateReference.of(isolate);
    }

    /** Moves {@code buffer} to the receiver; see {@link Bulk}. */
    static LinkMessage migrate(BulkBuffer buffer) {
        return new Bulk(buffer);
    }

    /** Raw bytes, copied. The array is the receiver's own. */
    record Bytes(byte[] data) implements LinkMessage {
        public Bytes {
            Objects.requireNonNull(data, "data");
        }
    }

    /** A string, copied. */
    record Text(String text) implements LinkMessage {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * An object graph, deep-copied by the link's codec with Java serialization semantics
     * ({@code writeObject}/{@code readObject}, {@code Externalizable}, shared references). The
     * receiver only makes objects of classes its allow-list names; others are refused with
     * {@link dev.isola.mvm.link.codec.ClassNotAllowedException}. {@code null} is a value too.
     */
    record Value(Object value) implements LinkMessage {
    }

    /**
     * A link handed over. The receiving isolate may use the end the link assigns to it (its
     * sender or receiver), or pass it on; the sending isolate keeps whatever end it has.
     */
    record LinkTransfer(Link link) implements LinkMessage {
        public LinkTransfer {
            Objects.requireNonNull(link, "link");
        }
    }

    /**
     * Names an isolate, so that the receiver can watch or control it ({@link #isolate()}).
     *
     * @param id   the isolate's id
     * @param name its name
     * @param pid  its process id when the reference was made, -1 if it had not started
     */
    record IsolateReference(String id, String name, long pid) implements LinkMessage {

        public IsolateReference {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
        }

        static IsolateReference of(Isolate isolate) {
            long pid;
            try {
                pid = isolate.pid();
            } catch (IllegalStateException notStarted) {
                pid = -1;
            }
            return new IsolateReference(isolate.id(), isolate.name(), pid);
        }

        /**
         * A handle on the isolate: the current isolate if it is this one, otherwise one adopted
         * from the registry of this process's mvm home.
         *
         * @throws IllegalArgumentException if the registry has no isolate with this id
         */
        public Isolate isolate() {
            Isolate current = Isolate.current();
            if (current.id().equals(id)) {
                return current;
            }
            return IsolateRegistry.open().adopt(id);
        }
    }

    /**
     * An off-heap buffer, migrated: after {@code send} returns, the sender's {@link BulkBuffer}
     * and every segment it handed out are invalid (any access throws
     * {@link IllegalStateException}), and the receiver's {@link BulkBuffer} maps the same memory.
     * No byte is copied, whatever the size. If the send fails, the sender keeps the buffer.
     */
    record Bulk(BulkBuffer buffer) implements LinkMessage {
        public Bulk {
            Objects.requireNonNull(buffer, "buffer");
        }
    }
}
