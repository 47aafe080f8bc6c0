package dev.isola.loadtests.evaluation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/** Rows of named values: written as CSV as they come, so that an interrupted run keeps what it measured. */
final class Table {

    private final List<String> columns;
    private final List<Map<String, Object>> rows = new ArrayList<>();
    private final Path csv;

    Table(Path csv, List<String> columns) throws IOException {
        this.csv = csv;
        this.columns = List.copyOf(columns);
        Files.createDirectories(csv.getParent());
        Files.writeString(csv, String.join(",", columns) + "\n");
    }

    void add(Map<String, Object> row) throws IOException {
        if (!row.keySet().containsAll(columns) || row.size() != columns.size()) {
            throw new IllegalArgumentException("row " + row.keySet() + " does not have the columns " + columns);
        }
        rows.add(Map.copyOf(row));
        StringBuilder line = new StringBuilder();
        for (String column : columns) {
            Object value = row.get(column);
            line.append(line.isEmpty() ? "" : ",").append(value instanceof Double d ? String.format(Locale.ROOT, "%.1f", d) : value);
        }
        Files.writeString(csv, line.append('\n'), java.nio.file.StandardOpenOption.APPEND);
    }

    /** The median of {@code column} over the rows that {@code where} selects; NaN when there are none. */
    double median(String column, Predicate<Map<String, Object>> where) {
        List<Double> values = rows.stream().filter(where).map(r -> ((Number) r.get(column)).doubleValue()).sorted().toList();
        if (values.isEmpty()) {
            return Double.NaN;
        }
        int middle = values.size() / 2;
        return values.size() % 2 == 1 ? values.get(middle) : (values.get(middle - 1) + values.get(middle)) / 2;
    }

    static Predicate<Map<String, Object>> is(String column, Object value) {
        return row -> value.equals(row.get(column));
    }
}
