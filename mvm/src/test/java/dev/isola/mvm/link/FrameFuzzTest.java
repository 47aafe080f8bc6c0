package dev.isola.mvm.link;

import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ClassNotAllowedException;
import dev.isola.mvm.link.codec.ObjectCodec;
import dev.isola.mvm.link.codec.ObjectCodecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A receiver never fails on what a peer writes, beyond the link's own exceptions: random,
 * truncated and bit-flipped frames through the frame decoder, and random bytes written
 * straight into a ring. Fixed seeds, so a failure can be replayed.
 */
@Timeout(120)
class FrameFuzzTest {

    record Item(String name, int[] counts, List<Item> children) implements Serializable {
    }

    private static final LinkDescriptor LINK = new LinkDescriptor("l00000000000000ff", TransportKind.SHARED_MEMORY,
            LinkFiles.directory().resolve("l00000000000000ff.ring"), "a-1", "b-2", 4096);

    private static MessageFrames.Context context(ObjectCodec.Decoder decoder) {
        return new MessageFrames.Context() {
            @Override
            public LinkDescriptor link() {
                return LINK;
            }

            @Override
            public ObjectCodec.Decoder decoder() {
                return decoder;
            }

            @Override
            public Link open(LinkDescriptor descriptor) {
                throw new MalformedFrameException("the fuzzer opens no links: " + descriptor);
            }
        };
    }

    /** Valid payloads of every kind, to truncate and flip bits in. */
    private static List<byte[][]> seeds() {
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder();
        List<byte[][]> seeds = new ArrayList<>();
        Item tree = new Item("root", new int[]{1, 2, 3}, List.of(new Item("leaf", new int[0], List.of())));
        for (Object value : List.of(tree, Map.of("k", List.of(1L, 2.5, "s")), "text", new int[]{7, 8})) {
            int n = encoder.encode(value, 0);
            seeds.add(new byte[][]{{MessageFrames.VALUE}, Arrays.copyOf(encoder.array(), n)});
        }
        seeds.add(new byte[][]{{MessageFrames.TEXT}, "grüße".getBytes(StandardCharsets.UTF_8)});
        seeds.add(new byte[][]{{MessageFrames.LINK}, LINK.encode().getBytes(StandardCharsets.UTF_8)});
        seeds.add(new byte[][]{{MessageFrames.ISOLATE}, MessageFrames.isolatePayload(new LinkMessage.IsolateReference("a-1", "a", 42))});
        seeds.add(new byte[][]{{MessageFrames.BULK}, MessageFrames.bulkPayload(LINK.id(), 0, 1 << 20)});
        return seeds;
    }

    private static void decodeSafely(int kind, byte[] payload, ObjectCodec.Decoder decoder, String what) {
        try {
            MessageFrames.decode(kind, payload, context(decoder));
        } catch (MalformedFrameException | ObjectCodecException | ClassNotAllowedException expected) {
            assertTrue(expected.getMessage() != null && !expected.getMessage().isBlank(), what);
        } catch (Throwable unexpected) {
            fail("decoding " + what + " failed with " + unexpected, unexpected);
        }
    }

    @Test
    void randomTruncatedAndFlippedFramesOnlyEverMakeLinkExceptions() {
        Random random = new Random(20261121L);
        ObjectCodec.Decoder decoder = ObjectCodec.newDecoder(ClassAllowList.defaults().allow(Item.class));
        List<byte[][]> seeds = seeds();
        for (int i = 0; i < 30_000; i++) {
            int kind;
            byte[] payload;
            String what;
            switch (i % 3) {
                case 0 -> {
                    kind = random.nextInt(9) - 1;
                    payload = new byte[random.nextInt(64)];
                    random.nextBytes(payload);
                    if (kind == MessageFrames.VALUE && payload.length >= 4) {
                        ByteBuffer.wrap(payload).putInt((int) decoder.epoch());
                    }
                    what = "random frame " + i;
                }
                case 1 -> {
                    byte[][] seed = seeds.get(random.nextInt(seeds.size()));
                    kind = seed[0][0];
                    payload = Arrays.copyOf(seed[1], random.nextInt(seed[1].length + 1));
                    what = "truncated frame " + i;
                }
                default -> {
                    byte[][] seed = seeds.get(random.nextInt(seeds.size()));
                    kind = seed[0][0];
                    payload = seed[1].clone();
                    for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                        payload[random.nextInt(payload.length)] ^= (byte) (1 << random.nextInt(8));
                    }
                    what = "bit-flipped frame " + i;
                }
            }
            // The decoder follows epochs a peer claims; keep the value seeds decodable.
            decodeSafely(kind, payload, kind == MessageFrames.VALUE ? ObjectCodec.newDecoder(ClassAllowList.defaults().allow(Item.class)) : decoder, what);
        }
    }

    @Test
    void garbageInARingEndsInMalformedFrameNeverInAnotherFailure() throws Exception {
        Random random = new Random(7L);
        Isolate me = Isolate.current();
        for (int round = 0; round < 300; round++) {
            Link link = Link.newLink(me, me, LinkOptions.DEFAULTS.withCapacity(4096));
            try (link) {
                // Write what no correct sender writes: random data and a random tail, then ring the bell.
                try (FileChannel ring = FileChannel.open(link.descriptor().path(), StandardOpenOption.WRITE)) {
                    byte[] garbage = new byte[4096];
                    random.nextBytes(garbage);
                    if (round % 2 == 0) {
                        // Often a plausible header, so that payload checks are reached too.
                        ByteBuffer.wrap(garbage).order(ByteOrder.nativeOrder()).putInt(random.nextInt(5000) - 500).putInt(random.nextInt(8));
                    }
                    ring.write(ByteBuffer.wrap(garbage), SharedRing.DATA_OFFSET);
                    long tail = switch (round % 4) {
                        case 0 -> random.nextInt(4097) & ~7;
                        case 1 -> random.nextLong();
                        case 2 -> random.nextInt(64);
                        default -> 8L + (random.nextInt(512) & ~7);
                    };
                    ring.write(ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(0, tail), SharedRing.TAIL_AT);
                }
                int taken = 0;
                while (true) {
                    try {
                        link.receive(Duration.ofMillis(1));
                        taken++;
                    } catch (LinkTimeoutException | LinkClosedException end) {
                        break;
                    } catch (MalformedFrameException | ObjectCodecException | ClassNotAllowedException refused) {
                        if (!link.canReceive() || refused instanceof MalformedFrameException && refused.getMessage().contains("closed")) {
                            break;
                        }
                    } catch (Throwable unexpected) {
                        fail("round " + round + " failed with " + unexpected, unexpected);
                    }
                    assertTrue(taken < 1000, "round " + round + " never ended");
                }
            }
            assertTrue(java.nio.file.Files.notExists(link.descriptor().path()), "round " + round + " left its ring behind");
        }
    }
}
