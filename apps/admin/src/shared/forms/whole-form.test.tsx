import { adminFreightCalls } from '@studio/contract/freight';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance, InputNumber } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import '@/i18n/i18n';
import { goodsFieldOf } from '@/pages/shop/goods-editor-page';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { checkWholeForm } from './whole-form';

beforeAll(prepareAntdInJsdom);
afterEach(cleanup);

const RULE = {
  name: 'Parcel',
  first_weight: 1000,
  first_weight_price: 400,
  continuous_weight: 500,
  continuous_weight_price: 150,
  max_weight: 20000,
};

function renderWeights(): FormInstance {
  let form: FormInstance | undefined;
  function Weights() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ first_weight: 1000, max_weight: 500 }}>
        <Form.Item name="first_weight" label="First weight">
          <InputNumber />
        </Form.Item>
        <Form.Item name="max_weight" label="Maximum weight">
          <InputNumber />
        </Form.Item>
      </Form>
    );
  }
  render(<Weights />);
  return form as FormInstance;
}

describe('checkWholeForm', { timeout: 20_000 }, () => {
  it('shows a rule across fields beside the field its path names, and stops the save', async () => {
    const form = renderWeights();
    let passed = true;
    await act(async () => {
      passed = checkWholeForm(form, adminFreightCalls.save.input, { ...RULE, max_weight: 500 });
    });
    expect(passed).toBe(false);
    expect(form.getFieldError('max_weight')).toEqual(['The maximum may not be below the first weight']);
    expect(form.getFieldError('first_weight')).toEqual([]);
    expect(await screen.findByText('The maximum may not be below the first weight')).toBeTruthy();
  });

  it('lets a valid input through', () => {
    const form = renderWeights();
    expect(checkWholeForm(form, adminFreightCalls.save.input, RULE)).toBe(true);
  });

  it('leaves to the server what no field of the form shows, and a schema it cannot check at once', () => {
    const form = renderWeights();
    expect(checkWholeForm(form, adminFreightCalls.save.input, { ...RULE, name: '' })).toBe(true);
    const later = z.object({ x: z.string() }).refine(async () => false);
    expect(checkWholeForm(form, later, { x: 'a' })).toBe(true);
  });
});

describe('where the goods editor shows an issue', () => {
  it('puts a SKU’s issue on its row’s field and the validity on the form’s own fields', () => {
    expect(goodsFieldOf(['sku_list', 1, 'original_price'])).toEqual(['sku_list', 1, 'original_price']);
    expect(goodsFieldOf(['sku_list', 0])).toEqual(['sku_list', 0, 'sku_name']);
    expect(goodsFieldOf(['exp_time_range'])).toEqual(['valid_range']);
    expect(goodsFieldOf(['exp_time_rule', 'days'])).toEqual(['valid_days']);
    expect(goodsFieldOf(['name', 'en'])).toEqual(['name']);
    expect(goodsFieldOf([])).toBeNull();
  });
});
