package dev.isola.loadtests.isolates;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The plots of the isolate benchmark, as PNG. */
final class Charts {

    private Charts() {
    }

    /** One line per configuration: the median of {@code y} over repetitions against the number of servers. */
    static void lines(Path file, String title, String yTitle, Map<Configuration, List<Double>> mediansByInstances) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle("servers running (n)").yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setXAxisTickMarkSpacingHint(120);
        for (Map.Entry<Configuration, List<Double>> series : mediansByInstances.entrySet()) {
            List<Double> y = series.getValue();
            List<Integer> x = java.util.stream.IntStream.rangeClosed(1, y.size()).boxed().toList();
            chart.addSeries(series.getKey().label(), x, y);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Stacked bars: the PSS of N servers by category, per configuration. */
    static void breakdown(Path file, String title, List<Configuration> configurations, Map<String, List<Double>> megabytesByCategory)
            throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(560).title(title).yAxisTitle("PSS (MB)").build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        List<String> names = configurations.stream().map(c -> "(" + c.letter() + ")").toList();
        for (Map.Entry<String, List<Double>> category : megabytesByCategory.entrySet()) {
            chart.addSeries(category.getKey(), names, category.getValue());
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
