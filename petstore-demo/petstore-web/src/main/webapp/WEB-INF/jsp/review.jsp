<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Review your order">
  <h1>Review your order</h1>
  <ol class="steps"><li>Billing and shipping</li><li class="current">Review</li><li>Confirmation</li></ol>
  <table class="lines">
    <thead><tr><th scope="col">Pet</th><th scope="col">Price</th><th scope="col">Quantity</th><th scope="col">Total</th></tr></thead>
    <tbody>
    <c:forEach var="line" items="${contents.lines}">
      <tr>
        <td data-label="Pet"><c:out value="${line.productName}"/>: <c:out value="${line.itemName}"/> <span class="muted">item <c:out value="${line.itemId}"/></span></td>
        <td data-label="Price">${ps:money(line.unitPrice)}</td>
        <td data-label="Quantity">${line.quantity}</td>
        <td data-label="Total">${ps:money(line.lineTotal())}</td>
      </tr>
    </c:forEach>
    </tbody>
    <tfoot><tr><th scope="row" colspan="3">Total</th><td class="subtotal">${ps:money(contents.subtotal)}</td></tr></tfoot>
  </table>
  <div class="addresses">
    <section><h2>Bill to</h2><t:showAddress address="${form.billing}"/></section>
    <section><h2>Ship to</h2><t:showAddress address="${form.effectiveShipping()}"/></section>
    <section><h2>Pay with</h2><p><c:out value="${form.card.type}"/> ending in <c:out value="${form.card.lastFour()}"/>, expires <c:out value="${form.card.expiry}"/></p></section>
  </div>
  <form action="${ctx}/checkout" method="post" class="actions">
    <input type="hidden" name="action" value="place">
    <button type="submit">Place order</button>
    <a href="${ctx}/checkout">Change details</a>
  </form>
</t:page>
