package dev.isola.loadtests.evaluation;

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
import java.util.stream.IntStream;

/** The evaluation's PNG plots (XChart). */
final class Plots {

    private Plots() {
    }

    /** One line per setup: a median against the number of servers running. */
    static void lines(Path file, String title, String yTitle, Map<String, List<Double>> bySetup) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle("servers (n)").yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisDecimalPattern("0");
        for (Map.Entry<String, List<Double>> series : bySetup.entrySet()) {
            List<Integer> x = IntStream.rangeClosed(1, series.getValue().size()).boxed().toList();
            chart.addSeries(series.getKey(), x, series.getValue());
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Stacked bars, one per setup, one colour per category. */
    static void stacked(Path file, String title, String yTitle, List<String> setups, Map<String, List<Double>> byCategory) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(560).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        for (Map.Entry<String, List<Double>> category : byCategory.entrySet()) {
            chart.addSeries(category.getKey(), setups, category.getValue());
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
