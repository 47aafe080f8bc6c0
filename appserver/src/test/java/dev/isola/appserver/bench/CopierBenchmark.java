package dev.isola.appserver.bench;

import dev.isola.appserver.ejb.EjbApplications;
import dev.isola.appserver.ejb.EjbServices;
import dev.isola.appserver.ejb.ValueCopier;
import dev.isola.appserver.testapps.split.model.Purchase;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Should remote views inside one isolate copy values with the links' codec instead of JDK
 * serialization? Copies the same values both ways, in one JVM, interleaved rounds: the
 * container's {@code ValueCopier} (JDK serialization with bean references and container objects
 * replaced), and an encoder/decoder session of the mvm codec kept across copies (its best case:
 * class descriptions once per session). Median nanoseconds per copy over the rounds.
 *
 * <p>Usage: {@code CopierBenchmark <output-dir>}; {@code bench.rounds} (7), {@code bench.copies} (20000).
 */
public final class CopierBenchmark {

    private record Shape(String name, Object value) {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/results/ejb");
        int rounds = Integer.getInteger("bench.rounds", 7);
        int copies = Integer.getInteger("bench.copies", 20_000);
        ClassLoader loader = CopierBenchmark.class.getClassLoader();
        ValueCopier jdk = new EjbServices(null, null, null, null, null, new EjbApplications()).copier();
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder(loader);
        ObjectCodec.Decoder decoder = ObjectCodec.newDecoder(ClassAllowList.defaults().allow(Purchase.class), loader);
        UnaryOperator<Object> codec = value -> {
            int length = encoder.encode(value, decoder.epoch());
            return decoder.decode(encoder.array(), 0, length);
        };
        List<Purchase> hundred = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            hundred.add(new Purchase("item " + i, i));
        }
        List<Shape> shapes = List.of(new Shape("one argument: a small object", new Object[] {new Purchase("pen", 3)}),
                new Shape("three arguments: string, int, list of 3 strings", new Object[] {"customer-42", 7, List.of("a", "b", "c")}),
                new Shape("a list of 100 small objects", hundred));

        StringBuilder csv = new StringBuilder("shape,round,jdk_ns,codec_ns\n");
        StringBuilder table = new StringBuilder("| value | JDK serialization (ValueCopier), ns | mvm codec session, ns | JDK / codec |\n|---|---:|---:|---:|\n");
        for (Shape shape : shapes) {
            List<Double> jdkTimes = new ArrayList<>();
            List<Double> codecTimes = new ArrayList<>();
            time(() -> jdk.copy(shape.value(), loader), copies);
            time(() -> codec.apply(shape.value()), copies);
            for (int round = 1; round <= rounds; round++) {
                double j = time(() -> jdk.copy(shape.value(), loader), copies);
                double c = time(() -> codec.apply(shape.value()), copies);
                jdkTimes.add(j);
                codecTimes.add(c);
                csv.append(String.format(Locale.ROOT, "%s,%d,%.0f,%.0f%n", shape.name(), round, j, c));
            }
            double j = median(jdkTimes);
            double c = median(codecTimes);
            table.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.1fx |%n", shape.name(), j, c, j / c));
        }
        System.out.print(table);
        Files.createDirectories(out);
        Files.writeString(out.resolve("copier.csv"), csv);
        Files.writeString(out.resolve("copier-summary.md"), "Median of " + rounds + " rounds of " + copies + " copies each, one JVM ("
                + System.getProperty("java.vm.version") + ")\n\n" + table);
    }

    private static double time(Runnable copy, int copies) {
        long start = System.nanoTime();
        for (int i = 0; i < copies; i++) {
            copy.run();
        }
        return (System.nanoTime() - start) / (double) copies;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
