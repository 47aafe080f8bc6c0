package dev.isola.appserver.testapps.calc;

import jakarta.ejb.Stateless;

@Stateless
public class CalculatorBean implements Calculator {
    @Override
    public int add(int a, int b) {
        return a + b;
    }
}
