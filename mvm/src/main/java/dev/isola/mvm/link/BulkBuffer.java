package dev.isola.mvm.link;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * An off-heap buffer that moves between isolates without being copied: its memory is a tmpfs
 * file of its own, mapped by whichever process owns it. Sending it as
 * {@link LinkMessage#migrate} hands the file to the receiver and unmaps it here, so every
 * segment the sender obtained becomes invalid: any later access throws
 * {@link IllegalStateException}.
 *
 * <pre>{@code
 * try (BulkBuffer image = BulkBuffer.allocate(1 << 20)) {
 *     render(image.segment());
 *     link.send(LinkMessage.migrate(image));   // image.segment() now throws; close() is a no-op
 * }
 * ...
 * if (link.receive() instanceof LinkMessage.Bulk(BulkBuffer image)) {
 *     try (image) { show(image.segment()); }   // closing frees the memory
 * }
 * }</pre>
 *
 * <p>The file is named after its owner: {@code o<pid>-<n>.bulk} while a process owns it,
 * {@code <link id>.bulk-<n>} while it is in flight on a link; what a dead owner or a dead link
 * leaves behind is deleted by name. A buffer's segment may be used from any thread.
 */
public final class BulkBuffer implements AutoCloseable {

    private static final Pattern IN_FLIGHT = Pattern.compile("(l[0-9a-f]{16})\\.bulk-[0-9a-f]{16}");

    private final long size;
    private Path file;
    private Arena arena;
    private MemorySegment segment;
    private String invalidBecause;

    private BulkBuffer(Path file, long size) {
        this.file = file;
        this.size = size;
    }

    /**
     * A new zero-filled buffer of {@code bytes}, owned by this isolate.
     *
     * @throws IllegalArgumentException if {@code bytes} is not positive
     */
    public static BulkBuffer allocate(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("a bulk buffer needs a positive size, not " + bytes);
        }
        Path file = LinkFiles.directory().resolve(ownedName());
        BulkBuffer buffer = new BulkBuffer(file, bytes);
        try {
            Files.createFile(file);
            buffer.map();
        } catch (IOException e) {
            deleteQuietly(file);
            throw new UncheckedIOException("cannot allocate a " + bytes + "-byte bulk buffer in " + file.getParent(), e);
        }
        return buffer;
    }

    private static String ownedName() {
        return "o" + ProcessHandle.current().pid() + "-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + ".bulk";
    }

    private void map() throws IOException {
        Arena mapping = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, mapping);
            arena = mapping;
        } catch (IOException | RuntimeException e) {
            mapping.close();
            throw e;
        }
    }

    /**
     * The memory, valid until the buffer is closed or migrated.
     *
     * @throws IllegalStateException if it was closed or migrated (naming the link it went over)
     */
    public synchronized MemorySegment segment() {
        if (invalidBecause != null) {
            throw new IllegalStateException("this bulk buffer " + invalidBecause);
        }
        return segment;
    }

    public long size() {
        return size;
    }

    /** Whether {@link #segment()} may be used. */
    public synchronized boolean isValid() {
        return invalidBecause == null;
    }

    /**
     * Gives the memory up for migration over {@code link}: renames the file to the link's
     * in-flight name and unmaps it here.
     *
     * @return the in-flight file name the frame carries
     */
    synchronized String releaseTo(LinkDescriptor link) {
        segment();
        Path inFlight = link.path().resolveSibling(link.id() + ".bulk-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()));
        try {
            Files.move(file, inFlight, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LinkException("cannot hand bulk buffer " + file + " to " + link + ": " + e.getMessage()
                    + " (the links directory of both isolates must be the same)", e);
        }
        file = inFlight;
        invalidBecause = "was migrated over " + link;
        arena.close();
        return inFlight.getFileName().toString();
    }

    /** Takes the buffer back after a send that failed: the file is renamed back and mapped again. */
    synchronized void reclaim() {
        Path owned = file.resolveSibling(ownedName());
        try {
            Files.move(file, owned, StandardCopyOption.ATOMIC_MOVE);
            file = owned;
            map();
            invalidBecause = null;
        } catch (IOException e) {
            invalidBecause = "was lost when its migration failed: " + e.getMessage();
        }
    }

    /**
     * Takes ownership of a buffer that arrived on {@code link}.
     *
     * @throws MalformedFrameException if the name is not an in-flight buffer of this link, or the
     *                                 file is missing or smaller than {@code size}
     */
    static BulkBuffer adopt(LinkDescriptor link, String inFlightName, long size) {
        var m = IN_FLIGHT.matcher(inFlightName);
        if (!m.matches() || !m.group(1).equals(link.id())) {
            throw new MalformedFrameException(link + ": a bulk message names '" + abbreviate(inFlightName)
                    + "', which is not a buffer in flight on this link");
        }
        if (size <= 0) {
            throw new MalformedFrameException(link + ": a bulk message gives the size " + size);
        }
        Path inFlight = link.path().resolveSibling(inFlightName);
        BulkBuffer buffer = new BulkBuffer(inFlight.resolveSibling(ownedName()), size);
        try {
            long actual = Files.size(inFlight);
            if (actual < size) {
                throw new MalformedFrameException(link + ": bulk buffer " + inFlightName + " has " + actual + " bytes, the message says " + size);
            }
            Files.move(inFlight, buffer.file, StandardCopyOption.ATOMIC_MOVE);
            buffer.map();
        } catch (NoSuchFileException e) {
            throw new MalformedFrameException(link + ": bulk buffer " + inFlightName + " does not exist");
        } catch (IOException e) {
            deleteQuietly(buffer.file);
            throw new LinkException(link + ": cannot take over bulk buffer " + inFlightName + ": " + e.getMessage(), e);
        }
        return buffer;
    }

    /** Frees the memory (if this isolate still owns it); later access throws. */
    @Override
    public synchronized void close() {
        if (invalidBecause != null) {
            return;
        }
        invalidBecause = "was closed";
        arena.close();
        deleteQuietly(file);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            System.getLogger(BulkBuffer.class.getName()).log(System.Logger.Level.WARNING, "cannot delete bulk buffer " + file + ": " + e.getMessage());
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }

    @Override
    public synchronized String toString() {
        return "BulkBuffer[" + size + " bytes, " + (invalidBecause == null ? "owned" : invalidBecause) + "]";
    }
}
