package dev.isola.mvm.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The text form of {@code mvm ps}: one aligned line per isolate and, for more than one
 * running isolate, a line with their totals.
 *
 * <pre>
 * NAME     PID  IMAGE  HEAP/YOUNG  UPTIME    PSS  SHARED  PRIVATE  CLASSES  CACHED
 * demo-1  4711  demo   64m/8m        0:02  49.4M   43.3M    39.7M     4046     99%
 * </pre>
 */
final class IsolateTable {

    private record Column(String title, Function<IsolateRow, String> value, boolean right) {}

    private IsolateTable() {
    }

    static String render(List<IsolateRow> rows, boolean withState) {
        List<Column> columns = new ArrayList<>();
        columns.add(new Column("NAME", IsolateRow::name, false));
        columns.add(new Column("PID", r -> r.pid() == null ? "-" : r.pid().toString(), true));
        columns.add(new Column("IMAGE", IsolateRow::image, false));
        if (withState) {
            columns.add(new Column("STATE", IsolateRow::state, false));
        }
        columns.add(new Column("HEAP/YOUNG", r -> r.heapMax() + "/" + r.youngGeneration(), false));
        columns.add(new Column("UPTIME", r -> r.state().equals("TERMINATED") ? "-" : Sizes.uptime(Duration.ofSeconds(r.uptimeSeconds())), true));
        columns.add(new Column("PSS", r -> size(r.pss()), true));
        columns.add(new Column("SHARED", r -> size(r.shared()), true));
        columns.add(new Column("PRIVATE", r -> size(r.privateBytes()), true));
        columns.add(new Column("CLASSES", r -> r.classesLoaded() == null ? "-" : r.classesLoaded().toString(), true));
        columns.add(new Column("CACHED", r -> r.classesFromCachePercent() == null ? "-" : r.classesFromCachePercent() + "%", true));
        if (withState) {
            columns.add(new Column("ENDED", r -> r.termination() == null ? "" : r.termination(), false));
        }

        List<List<String>> cells = new ArrayList<>();
        cells.add(columns.stream().map(Column::title).toList());
        for (IsolateRow row : rows) {
            cells.add(columns.stream().map(c -> c.value().apply(row)).toList());
        }
        int[] widths = new int[columns.size()];
        for (List<String> line : cells) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> line : cells) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                String cell = line.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                text.append(columns.get(i).right() ? pad + cell : cell + (i == line.size() - 1 ? "" : pad));
                if (i < line.size() - 1) {
                    text.append("  ");
                }
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
        List<IsolateRow> measured = rows.stream().filter(r -> r.pss() != null).toList();
        if (measured.size() > 1) {
            long pss = measured.stream().mapToLong(IsolateRow::pss).sum();
            long rss = measured.stream().mapToLong(IsolateRow::rss).sum();
            long shared = measured.stream().mapToLong(IsolateRow::shared).sum();
            out.append(measured.size()).append(" running isolates: PSS ").append(Sizes.megabytes(pss))
                    .append(" together (RSS ").append(Sizes.megabytes(rss)).append(", of which ").append(Sizes.megabytes(shared))
                    .append(" shared)\n");
        }
        return out.toString();
    }

    private static String size(Long bytes) {
        return bytes == null ? "-" : Sizes.megabytes(bytes);
    }
}
